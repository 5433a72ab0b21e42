import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CONTACT_MAX } from "#contract/campaign-states.ts";
import type { CampaignState, CampaignTask } from "#contract/campaign-states.ts";
import { ErrorCode } from "#contract/errors.ts";
import { Chip, type ChipTone } from "#app/components/chip.tsx";
import { Icon, type IconName } from "#app/components/icons.tsx";
import { ListRow } from "#app/components/list-row.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { CopyButton } from "#app/components/share.tsx";
import { useFieldError } from "#app/utils/field-error.tsx";
import { PICTURE_ERROR_CODES, usePicturePreview } from "#app/utils/picture-preview.ts";
import type { IntentFailure } from "#app/utils/intent-action.server.ts";
import { useTranslation } from "#app/utils/translation.tsx";
import type { loadCampaign } from "./campaign.server.ts";
import { ShareImageButton } from "./share-image-button.tsx";

type CampaignData = ReturnType<typeof useLoaderData<typeof loadCampaign>>;
type Campaign = CampaignData["campaign"];

const STATE_TONE: Record<CampaignState, ChipTone> = { not_applied: "neutral", in_review: "brand", approved: "success", rejected: "danger" };

/** Where each task is done. */
const TASK_PLACE: Record<CampaignTask, { to: string; icon: IconName }> = {
  start_airdrop: { to: "/airdrop", icon: "airdrop" },
  bind_social: { to: "/airdrop", icon: "link" },
  follow_official: { to: "/airdrop", icon: "follow" },
  invite_friends: { to: "/recruit", icon: "invite" },
};

function Tasks({ tasks }: { tasks: Campaign["tasks"] }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="tasks-title">
      <h2 id="tasks-title" className="card__title">
        {t("campaign:tasks.title")}
      </h2>
      <ul className="tasks">
        {tasks.map((task) => (
          <ListRow
            key={task.id}
            as="li"
            icon={TASK_PLACE[task.id].icon}
            title={t(`campaign:tasks.${task.id}`)}
            subtitle={t(task.required ? "campaign:tasks.required" : "campaign:tasks.optional")}
            trailing={
              task.done ? (
                <Chip tone="success">{t("campaign:tasks.done")}</Chip>
              ) : (
                <Link to={TASK_PLACE[task.id].to} className="button button--secondary button--small">
                  {t("campaign:tasks.go")}
                </Link>
              )
            }
          />
        ))}
      </ul>
    </section>
  );
}

/**
 * The application form: a photo from the phone (camera or gallery, previewed before it is sent
 * when JavaScript runs) and a way to reach the applicant. A plain multipart form without it.
 */
function ApplyForm() {
  const { t } = useTranslation();
  const failed = useActionData() as IntentFailure | undefined;
  const busy = useNavigation().formData?.get("intent") === "apply";
  const { preview, choose, refusal } = usePicturePreview();
  const contactError = useFieldError({ errorId: "contact-error", hintId: "contact-hint", codes: [ErrorCode.campaignContactInvalid] });
  const photoError = useFieldError({
    errorId: "photo-error",
    hintId: "photo-hint",
    codes: [ErrorCode.campaignPhotoRequired, ...PICTURE_ERROR_CODES],
    local: refusal,
  });
  return (
    <section className="card" aria-labelledby="apply-title">
      <h2 id="apply-title" className="card__title">
        {t("campaign:form.title")}
      </h2>
      <Form method="post" encType="multipart/form-data" className="form" action="/campaign?step=apply">
        <div className="field">
          <label htmlFor="contact">{t("campaign:form.contact")}</label>
          <input
            id="contact"
            name="contact"
            type="text"
            required
            minLength={3}
            maxLength={CONTACT_MAX}
            autoComplete="email"
            defaultValue={failed?.fields?.contact ?? ""}
            {...contactError.inputProps}
          />
          <p id="contact-hint" className="hint">
            {t("campaign:form.contactHint")}
          </p>
          {contactError.message}
        </div>
        <div className="field">
          <label htmlFor="photo">{t("campaign:form.photo")}</label>
          <input
            id="photo"
            name="photo"
            type="file"
            required
            accept="image/jpeg,image/png,image/webp,image/*"
            onChange={choose}
            {...photoError.inputProps}
          />
          <p id="photo-hint" className="hint">
            {t("campaign:form.photoHint")}
          </p>
          {photoError.message}
          {preview ? <img className="campaign-photo" src={preview} alt={t("campaign:form.preview")} /> : null}
        </div>
        <button type="submit" name="intent" value="apply" className="button button--block" disabled={busy}>
          {t("campaign:form.submit")}
        </button>
        <Link to="/campaign" className="button button--secondary button--block">
          {t("campaign:form.cancel")}
        </Link>
      </Form>
    </section>
  );
}

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

/** Approved: the share image, to save or share, and the invite link it carries. */
function Approved({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const image = campaign.share_image!;
  const link = campaign.share_link!;
  return (
    <>
      <figure className="share-image">
        <img src={image} width={1200} height={630} alt={t("campaign:approved.image")} />
      </figure>
      <div className="actions">
        <ShareImageButton image={image} url={link} className="button">
          <Icon name="invite" small mirror />
          {t("campaign:approved.share")}
        </ShareImageButton>
        <a href={image} download="vv-citizen.png" className="button button--secondary">
          <Icon name="claim" small />
          {t("campaign:approved.save")}
        </a>
        <CopyButton text={link} copiedKey="campaign:approved.copied" className="button button--secondary">
          <Icon name="link" small />
          {t("campaign:approved.copy")}
        </CopyButton>
      </div>
      <div className="field" id="share-link">
        <label htmlFor="share-link-text">{t("campaign:approved.link")}</label>
        <input id="share-link-text" type="text" readOnly value={link} dir="ltr" />
      </div>
    </>
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
      <p>{t(`campaign:${status}.body`)}</p>
      {status === "rejected" && campaign.reason ? (
        <p className="notice notice--warn" role="note">
          {t("campaign:rejected.reason")} <bdi>{campaign.reason}</bdi>
        </p>
      ) : null}
      {status === "approved" ? <Approved campaign={campaign} /> : null}
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

/** /campaign: the citizen-glory campaign, from its tasks through the application to the share image. */
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
      {data.applying ? <ApplyForm /> : null}
      {open ? <Tasks tasks={campaign.tasks} /> : null}
      {campaign.announce_url ? (
        <section className="card" aria-labelledby="announce-title">
          <h2 id="announce-title" className="card__title">
            {t("campaign:announce.title")}
          </h2>
          <p>{t("campaign:announce.body")}</p>
          <a href={campaign.announce_url} className="button button--secondary button--block" rel="noopener noreferrer" target="_blank">
            <Icon name="follow" small />
            {t("campaign:announce.link")}
          </a>
        </section>
      ) : null}
    </main>
  );
}
