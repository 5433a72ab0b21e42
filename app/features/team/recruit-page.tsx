import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { Icon } from "#app/components/icons.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { CopyButton, ShareLink } from "#app/components/share.tsx";
import { isolateNumbers, percentText } from "#app/utils/format.ts";
import { withPrefix } from "#contract/codes.ts";
import { InviteFacts } from "./invite-facts.tsx";
import type { loadRecruit } from "./recruit.server.ts";

/** /recruit: everything a user needs to bring friends in, and what it pays. */
export function RecruitPage() {
  const { t, i18n } = useTranslation();
  const { invite, qr } = useLoaderData<typeof loadRecruit>();
  return (
    <main className="page">
      <PageHeader title={t("team:recruit.title")}>
        <p className="lead">{t("team:recruit.lead")}</p>
      </PageHeader>
      <section className="card" aria-labelledby="invite-title">
        <h2 id="invite-title" className="card__title">
          <Icon name="invite" small />
          {t("team:inviteTitle")}
        </h2>
        <InviteFacts code={invite.invite_code} link={invite.invite_link} large />
        <div className="actions">
          <ShareLink url={invite.invite_link} fallbackHref="#invite-qr" copiedKey="team:recruit.linkCopied" className="button">
            {t("team:recruit.share")}
          </ShareLink>
          <CopyButton
            text={withPrefix("invite", invite.invite_code)}
            copiedKey="team:recruit.codeCopied"
            className="button button--secondary"
          >
            {t("team:recruit.copyCode")}
          </CopyButton>
          <CopyButton text={invite.invite_link} copiedKey="team:recruit.linkCopied" className="button button--secondary">
            {t("team:recruit.copyLink")}
          </CopyButton>
        </div>
        <figure className="qr" id="invite-qr">
          <svg viewBox={`0 0 ${qr.size} ${qr.size}`} role="img" aria-label={t("team:recruit.qrLabel")} shapeRendering="crispEdges">
            <rect width={qr.size} height={qr.size} className="qr__light" />
            <path d={qr.d} className="qr__dark" />
          </svg>
          <figcaption className="hint">{t("team:recruit.qrHint")}</figcaption>
        </figure>
      </section>
      <section className="card" aria-labelledby="how-title">
        <h2 id="how-title" className="card__title">
          <Icon name="power" small />
          {t("team:recruit.howTitle")}
        </h2>
        <ul className="how">
          <li>{isolateNumbers(t("team:recruit.howLevel1", { percent: percentText(i18n.language, invite.level1_percent) }))}</li>
          <li>{isolateNumbers(t("team:recruit.howLevel2", { percent: percentText(i18n.language, invite.level2_percent) }))}</li>
          <li>{isolateNumbers(t("team:recruit.howInvite", { friends: invite.invite_friends, power: invite.invite_power }))}</li>
        </ul>
      </section>
    </main>
  );
}
