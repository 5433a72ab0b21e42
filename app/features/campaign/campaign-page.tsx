import { Link, useLoaderData } from "@remix-run/react";
import type { CampaignState } from "#contract/campaign-states.ts";
import { Chip, type ChipTone } from "#app/components/chip.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { isReason, PHOTO_REASONS } from "#contract/moderation.ts";
import { useTranslation } from "#app/utils/translation.tsx";
import { ApplyForm } from "./apply-form.tsx";
import { Approved } from "./approved.tsx";
import type { loadCampaign } from "./campaign.server.ts";
import { CampaignPromise } from "./promise.tsx";
import { Tasks } from "./tasks.tsx";
import type { Campaign, CampaignData } from "./types.ts";

const STATE_TONE: Record<CampaignState, ChipTone> = { not_applied: "neutral", in_review: "brand", approved: "success", rejected: "danger" };

function Submitted({ campaign, submitted }: { campaign: Campaign; submitted: string | null }) {
  const { t } = useTranslation();
  return (
    <dl className="campaign-facts">
      <dt>{t("campaign:form.contact")}</dt>
      <dd>
        <bdi>{campaign.contact}</bdi>
      </dd>
      {submitted ? (
        <>
          <dt>{t("campaign:submitted")}</dt>
          <dd>{submitted}</dd>
        </>
      ) : null}
      {campaign.photo ? (
        <>
          <dt>{t("campaign:form.photo")}</dt>
          <dd>
            <img className="campaign-photo" src={campaign.photo} alt={t("campaign:form.photo")} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}

function StatusCard({ data }: { data: CampaignData }) {
  const { t } = useTranslation();
  const { campaign, submitted } = data;
  const status = campaign.status;
  return (
    <section className="card" aria-labelledby="status-title">
      <div className="status__head">
        <h2 id="status-title" className="card__title">
          {t(`campaign:${status}.title`)}
        </h2>
        <Chip tone={STATE_TONE[status]}>{t(`campaign:state.${status}`)}</Chip>
      </div>
      {status === "approved" ? <Approved campaign={campaign} approvedOn={data.approvedOn} /> : <p>{t(`campaign:${status}.body`)}</p>}
      {status === "rejected" && campaign.reason ? (
        <p className="notice notice--warn" role="note">
          {t("campaign:rejected.reason")}{" "}
          {/* A reason from the list, in the reader's language; one written before the list, as it was written. */}
          <bdi>{isReason(PHOTO_REASONS, campaign.reason) ? t(`moderation:photo.${campaign.reason}`) : campaign.reason}</bdi>
        </p>
      ) : null}
      {status === "in_review" ? <Submitted campaign={campaign} submitted={submitted} /> : null}
      {(status === "not_applied" || status === "rejected") && !data.applying ? (
        campaign.can_apply ? (
          <Link to="/campaign?step=apply" className="button button--block">
            {t(status === "rejected" ? "campaign:rejected.again" : "campaign:not_applied.apply")}
          </Link>
        ) : (
          <p className="hint">{t("campaign:not_applied.locked")}</p>
        )
      ) : null}
    </section>
  );
}

/**
 * /campaign: the citizen-glory campaign, from its tasks through the application to the share
 * image, with what approval brings and when the winners are announced.
 */
export function CampaignPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loadCampaign>();
  const { campaign } = data;
  const open = campaign.status === "not_applied" || campaign.status === "rejected";
  return (
    <main className="page">
      <PageHeader title={t("campaign:title")}>
        <p className="lead">{t("campaign:lead")}</p>
      </PageHeader>
      <StatusCard data={data} />
      {data.applying ? <ApplyForm picture={data.picture} /> : null}
      <CampaignPromise teamPercent={data.teamPercent} announceAt={data.announceAt} announceUrl={campaign.announce_url} />
      {open ? <Tasks tasks={campaign.tasks} /> : null}
    </main>
  );
}
