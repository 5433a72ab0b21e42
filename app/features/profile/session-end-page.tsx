import { MailedLinkPage } from "./mailed-link-page.tsx";

const TEXTS = {
  title: "profile:sessionEnd.title",
  body: "profile:sessionEnd.body",
  confirm: "profile:sessionEnd.confirm",
  done: "profile:sessionEnd.done",
  next: "profile:sessions.title",
};

/** The new-device e-mail's "Not you?" page. */
export function SessionEndPage() {
  return <MailedLinkPage texts={TEXTS} next="/settings/sessions" />;
}
