import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import type { sessionEndAction } from "./session-end.server.ts";

/** The "Not you?" link's page: what the button does, then that it is done, or why not. No JavaScript. */
export function SessionEndPage() {
  const { t } = useTranslation();
  const answer = useActionData<typeof sessionEndAction>();
  const done = answer && "done" in answer;
  return (
    <main className="page">
      <div className="band">
        <h1>{t("profile:sessionEnd.title")}</h1>
      </div>
      <section className="card" aria-live="polite">
        {done ? (
          <>
            <p role="status">{t("profile:sessionEnd.done")}</p>
            <Link to="/settings/sessions" className="button button--secondary button--block">
              {t("profile:sessions.title")}
            </Link>
          </>
        ) : (
          // No action: the post goes to this very address, the token in it.
          <form method="post" className="form">
            <p>{t("profile:sessionEnd.body")}</p>
            {answer && "code" in answer ? (
              <p className="field__error" role="alert">
                {t(`errors:${answer.code}`)}
              </p>
            ) : null}
            <button type="submit" className="button button--block">
              {t("profile:sessionEnd.confirm")}
            </button>
          </form>
        )}
      </section>
    </main>
  );
}
