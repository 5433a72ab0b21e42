import { Link, useActionData } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import type { confirmMailedLink } from "./mailed-link.server.ts";

/**
 * A page a mailed link opens: what its button does, then that it is done (with the way on), or
 * the refusal next to the button. No JavaScript. `texts` are the page's translation keys.
 */
export function MailedLinkPage({ texts, next }: { texts: Record<"title" | "body" | "confirm" | "done" | "next", string>; next: string }) {
  const { t } = useTranslation();
  const answer = useActionData<typeof confirmMailedLink>();
  const done = answer && "done" in answer;
  return (
    <main className="page">
      <div className="band">
        <h1>{t(texts.title)}</h1>
      </div>
      <section className="card" aria-live="polite">
        {done ? (
          <>
            <p role="status">{t(texts.done)}</p>
            <Link to={next} className="button button--secondary button--block">
              {t(texts.next)}
            </Link>
          </>
        ) : (
          // No action: the post goes to this very address, the token in it.
          <form method="post" className="form">
            <p>{t(texts.body)}</p>
            {answer && "code" in answer ? (
              <p className="field__error" role="alert">
                {t(`errors:${answer.code}`)}
              </p>
            ) : null}
            <button type="submit" className="button button--block">
              {t(texts.confirm)}
            </button>
          </form>
        )}
      </section>
    </main>
  );
}
