import { Icon } from "#app/components/icons.tsx";
import { PersonName, selfPerson } from "#app/components/person.tsx";
import { CopyButton } from "#app/components/share.tsx";
import { useSignedInUser } from "#app/utils/signed-in-user.ts";
import { useTranslation } from "#app/utils/translation.tsx";
import { ShareImageButton } from "./share-image-button.tsx";
import type { Campaign } from "./types.ts";

/** The citizen card: the photo sent with the application (the one the operator approved) and the name. */
function CitizenCard({ photo, approvedOn }: { photo: string | null; approvedOn: string | null }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  return (
    <div className="citizen-card" role="group" aria-label={t("campaign:card.label")}>
      {photo ? <img className="citizen-card__photo" src={photo} alt={t("campaign:form.photo")} width={96} height={96} /> : null}
      <div className="citizen-card__body">
        <p className="citizen-card__name">
          <PersonName person={selfPerson(user)} />
        </p>
        <p className="citizen-card__title">{t("campaign:card.title")}</p>
        {approvedOn ? <p className="citizen-card__since">{t("campaign:card.since", { date: approvedOn })}</p> : null}
      </div>
    </div>
  );
}

/** Approved: the citizen card, and the share image to save or share with the invite link it carries. */
export function Approved({ campaign, approvedOn }: { campaign: Campaign; approvedOn: string | null }) {
  const { t } = useTranslation();
  const image = campaign.share_image!;
  const link = campaign.share_link!;
  return (
    <>
      <CitizenCard photo={campaign.photo} approvedOn={approvedOn} />
      <p>{t("campaign:approved.body")}</p>
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
