import { useTranslation } from "#app/utils/translation.tsx";
import { withPrefix } from "#contract/codes.ts";

/** The user's invite code and link, as text a person can read out or select. */
export function InviteFacts({ code, link, large }: { code: string; link: string; large?: boolean }) {
  const { t } = useTranslation();
  return (
    <dl className="facts">
      <div>
        <dt>{t("team:inviteCode")}</dt>
        <dd className={large ? "mono invite-code" : "mono"}>
          <bdi dir="ltr">{withPrefix("invite", code)}</bdi>
        </dd>
      </div>
      <div>
        <dt>{t("team:inviteLink")}</dt>
        <dd className="break">
          <bdi dir="ltr">{link}</bdi>
        </dd>
      </div>
    </dl>
  );
}
