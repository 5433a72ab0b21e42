import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { CONTACT_MAX } from "#contract/campaign-states.ts";
import { ErrorCode } from "#contract/errors.ts";
import { PicturePicker, type PictureLimits } from "#app/components/picture-picker.tsx";
import { useFieldError } from "#app/utils/field-error.tsx";
import { PICTURE_ERROR_CODES, usePicturePreview } from "#app/utils/picture-preview.ts";
import type { IntentFailure } from "#app/utils/intent-action.server.ts";
import { useTranslation } from "#app/utils/translation.tsx";

/**
 * The application form: a photo from the phone (camera or gallery, previewed before it is sent
 * when JavaScript runs) and a way to reach the applicant. A plain multipart form without it.
 * The browser checks nothing (noValidate): its own bubbles speak the phone's language, not the
 * page's, and vanish; the server's refusal is said next to its field, in the page's language.
 */
export function ApplyForm({ picture }: { picture: PictureLimits }) {
  const { t } = useTranslation();
  const failed = useActionData() as IntentFailure | undefined;
  const busy = useNavigation().formData?.get("intent") === "apply";
  const { preview, choose, refusal } = usePicturePreview(picture);
  const contactError = useFieldError({ errorId: "contact-error", hintId: "contact-hint", codes: [ErrorCode.campaignContactInvalid] });
  const photoError = useFieldError({
    errorId: "photo-error",
    hintId: "photo-limits photo-hint",
    codes: [ErrorCode.campaignPhotoRequired, ...PICTURE_ERROR_CODES],
    local: refusal,
  });
  return (
    <section className="card" aria-labelledby="apply-title">
      <h2 id="apply-title" className="card__title">
        {t("campaign:form.title")}
      </h2>
      <Form method="post" encType="multipart/form-data" className="form" action="/campaign?step=apply" noValidate>
        <div className="field">
          <label htmlFor="contact">{t("campaign:form.contact")}</label>
          <input
            id="contact"
            name="contact"
            type="text"
            aria-required="true"
            maxLength={CONTACT_MAX}
            autoComplete="email"
            defaultValue={failed?.fields?.contact ?? ""}
            {...contactError.inputProps}
          />
          {contactError.message}
          <p id="contact-hint" className="hint">
            {t("campaign:form.contactHint")}
          </p>
        </div>
        <PicturePicker id="photo" name="photo" title={t("campaign:form.photo")} limits={picture} onChange={choose} field={photoError} />
        <p id="photo-hint" className="hint">
          {t("campaign:form.photoHint")}
        </p>
        {preview ? <img className="campaign-photo" src={preview} alt={t("campaign:form.preview")} /> : null}
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
