import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "#app/utils/translation.tsx";
import { Sheet } from "#app/components/sheet.tsx";
import { forgetFigures } from "#app/features/offline/last-figures.ts";
import { currentSubscription } from "./push-subscription.ts";

/** "Log out?": the confirmation a link opens (`?confirm=logout`), so it works without JavaScript. */
export function LogoutSheet({ dismissTo }: { dismissTo: string }) {
  const { t } = useTranslation();
  // This browser's notifications end with the login: the API forgets the endpoint, the browser its subscription.
  const [subscription, setSubscription] = useState<PushSubscription | null>(null);
  useEffect(() => {
    void currentSubscription()
      .catch(() => null)
      .then(setSubscription);
  }, []);
  const loggingOut = () => {
    forgetFigures();
    void subscription?.unsubscribe().catch(() => undefined);
  };
  return (
    <Sheet role="alertdialog" labelledBy="logout-title" describedBy="logout-body" dismissTo={dismissTo}>
      <h2 id="logout-title">{t("profile:logoutConfirmTitle")}</h2>
      <p id="logout-body">{t("profile:logoutConfirmBody")}</p>
      <div className="actions">
        {/* The service worker forgets the figures too, but it may not be running this page yet. */}
        <Form method="post" action="/logout" onSubmit={loggingOut}>
          {subscription ? <input type="hidden" name="web_push_endpoint" value={subscription.endpoint} /> : null}
          {/* The sheet was opened by the user to log out: focus goes to its one action. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <button type="submit" className="button button--danger" autoFocus>
            {t("profile:logout")}
          </button>
        </Form>
        <Link to={dismissTo} className="button button--secondary" replace>
          {t("common:cancel")}
        </Link>
      </div>
    </Sheet>
  );
}
