import { MailedLinkPage } from "./mailed-link-page.tsx";

const TEXTS = {
  title: "profile:unsubscribe.title",
  body: "profile:unsubscribe.body",
  confirm: "profile:unsubscribe.confirm",
  done: "profile:unsubscribe.done",
  next: "profile:unsubscribe.settings",
};

/** The round e-mail's unsubscribe page. */
export function UnsubscribePage() {
  return <MailedLinkPage texts={TEXTS} next="/settings" />;
}
