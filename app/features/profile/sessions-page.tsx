import { Form, Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "#app/components/page-header.tsx";
import { PasskeysCard } from "#app/features/passkeys/passkeys-card.tsx";
import { useTranslation } from "#app/utils/translation.tsx";
import { useDeviceName } from "./device-name.ts";
import type { loadSessions } from "./sessions.server.ts";

/** /settings/sessions: every signed-in session, this one first and marked, each other one with its own sign-out. Plain forms. */
export function SessionsPage() {
  const { t } = useTranslation();
  const { sessions, passkeys } = useLoaderData<typeof loadSessions>();
  const name = useDeviceName();
  const ordered = [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
  const others = ordered.length - 1;
  return (
    <main className="page">
      <PageHeader title={t("profile:sessions.title")}>
        <p className="lead">
          <Link to="/settings" className="band__link">
            {t("profile:sessions.back")}
          </Link>
        </p>
      </PageHeader>
      <section className="card" aria-labelledby="sessions-title">
        <h2 id="sessions-title">{t("profile:sessions.heading")}</h2>
        <p className="hint">{t("profile:sessions.lead")}</p>
        <ul className="sessions" aria-labelledby="sessions-title">
          {ordered.map((s) => (
            <li key={s.id} className="sessions__item">
              <div className="sessions__head">
                <h3 className="list-row__title">
                  <bdi>{name(s)}</bdi>
                </h3>
                {s.current ? <span className="chip chip--brand">{t("profile:sessions.current")}</span> : null}
              </div>
              <dl className="facts">
                <div>
                  <dt>{t("profile:sessions.signedIn")}</dt>
                  <dd>{s.signedIn}</dd>
                </div>
                <div>
                  <dt>{t("profile:sessions.lastSeen")}</dt>
                  <dd>{s.lastSeen}</dd>
                </div>
              </dl>
              {s.current ? null : (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="id" value={s.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="end"
                    className="button button--secondary button--block"
                    aria-label={t("profile:sessions.endOne", { device: name(s) })}
                  >
                    {t("profile:sessions.end")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
        {others > 0 ? (
          <Form method="post" preventScrollReset>
            <button type="submit" name="intent" value="endOthers" className="button button--danger-tint button--block">
              {t("profile:sessions.endOthers")}
            </button>
          </Form>
        ) : (
          <p role="status">{t("profile:sessions.none")}</p>
        )}
      </section>
      {passkeys ? <PasskeysCard passkeys={passkeys} /> : null}
    </main>
  );
}
