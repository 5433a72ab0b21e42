import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import type { unsubscribeAction } from "./unsubscribe.server.ts";

/** The round e-mail's unsubscribe page: what the button does, then that it is done, or why not. No JavaScript. */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const answer = useActionData<typeof unsubscribeAction>();
  const done = answer && "done" in answer;
  return (
    <main className="page">
      <div className="band">
        <h1>{t("profile:unsubscribe.title")}</h1>
      </div>
      <section className="card" aria-live="polite">
        {done ? (
          <>
            <p role="status">{t("profile:unsubscribe.done")}</p>
            <Link to="/settings" className="button button--secondary button--block">
              {t("profile:unsubscribe.settings")}
            </Link>
          </>
        ) : (
          // No action: the post goes to this very address, the token in it.
          <form method="post" className="form">
            <p>{t("profile:unsubscribe.body")}</p>
            {answer && "code" in answer ? (
              <p className="field__error" role="alert">
                {t(`errors:${answer.code}`)}
              </p>
            ) : null}
            <button type="submit" className="button button--block">
              {t("profile:unsubscribe.confirm")}
            </button>
          </form>
        )}
      </section>
    </main>
  );
}
