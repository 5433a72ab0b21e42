import { useLoaderData } from "@remix-run/react";
import { BrandHeader } from "#app/components/brand-header.tsx";
import { useTranslation } from "#app/utils/translation.tsx";
import type { rulesLoader } from "./rules.server.ts";

/**
 * The published rules: the changes to come (each with its start and every value it changes, old
 * and new), the rules in force as sentences, then the history. Written on the server, plain
 * links only: the page has no JavaScript.
 */
export function RulesPage() {
  const { lead, upcoming, inForce, history } = useLoaderData<typeof rulesLoader>();
  const { t } = useTranslation();
  return (
    <main className="page rules">
      <div className="band">
        <BrandHeader />
        <h1>{t("rules:heading")}</h1>
        <p className="lead">{lead}</p>
      </div>

      {upcoming.map((next) => (
        <section key={next.version} className="card card--attention" aria-labelledby={`next-${next.version}`}>
          <p className="rules__eyebrow">{t("rules:next.eyebrow")}</p>
          <h2 id={`next-${next.version}`}>{next.title}</h2>
          <dl className="rules__changes">
            {next.changes.map((change) => (
              <div key={change.label} className="rules__change">
                <dt>{change.label}</dt>
                <dd>{t("rules:next.change", { from: change.from, to: change.to })}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}

      <section className="card" aria-labelledby="in-force">
        <h2 id="in-force">{inForce.title}</h2>
        <p className="hint">{inForce.since}</p>
        {inForce.sections.map((section) => (
          <section key={section.id} className="rules__topic" aria-labelledby={`topic-${section.id}`}>
            <h3 id={`topic-${section.id}`}>{section.heading}</h3>
            <ul className="rules__list">
              {section.items.map((item) => (
                <li key={item.text}>
                  {item.text}
                  {item.list ? (
                    <ul className="rules__runs">
                      {item.list.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </section>

      <section className="card" aria-labelledby="history">
        <h2 id="history">{t("rules:history.heading")}</h2>
        <ol className="rules__history">
          {history.map((version) => (
            <li key={version.version}>
              <strong>{version.title}</strong>
              <span className="hint">{version.detail}</span>
            </li>
          ))}
        </ol>
      </section>

      <footer className="legal-footer download-footer">
        <a href="/airdrop">{t("rules:open")}</a>
        <nav aria-label={t("common:legalNav")}>
          <a href="/privacy">{t("rules:privacy")}</a>
          <a href="/terms">{t("rules:terms")}</a>
        </nav>
      </footer>
    </main>
  );
}
