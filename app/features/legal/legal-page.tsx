import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import type { legalLoader } from "./legal.server.ts";

/** A static legal text. Plain links only: the page has no JavaScript. */
export function LegalPage() {
  const data = useLoaderData<typeof legalLoader>();
  const { t } = useTranslation();
  return (
    <main className="page page--legal">
      <nav className="legal-nav" aria-label={t("common:legalNav")}>
        <a href="/register">{t("common:back")}</a>
      </nav>
      <article>
        <h1>{data.title}</h1>
        <p className="hint">{data.updated}</p>
        {data.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.body.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
      <footer className="legal-footer">
        <a href="/privacy">{t("auth:privacy")}</a> · <a href="/terms">{t("auth:terms")}</a> · <a href="/rules">{t("legal:rules")}</a>
      </footer>
    </main>
  );
}
