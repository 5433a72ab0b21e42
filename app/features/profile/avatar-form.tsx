import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { AvatarStatus } from "#contract/profile-states.ts";
import { Avatar } from "#app/components/avatar.tsx";
import { PicturePicker } from "#app/components/picture-picker.tsx";
import { selfPerson } from "#app/components/person.tsx";
import { useFieldError } from "#app/utils/field-error.tsx";
import { PICTURE_ERROR_CODES, usePicturePreview } from "#app/utils/picture-preview.ts";
import { useSignedInUser } from "#app/utils/signed-in-user.ts";
import { useTranslation } from "#app/utils/translation.tsx";
import { AvatarState } from "./avatar-state.tsx";
import type { loadSettings } from "./settings.server.ts";

/**
 * The avatar: the current one, a preview of the chosen file before it is sent (with JavaScript),
 * and a plain multipart form that works without it. Phones offer the camera or the gallery.
 */
export function AvatarForm() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { picture } = useLoaderData<typeof loadSettings>();
  const busy = useNavigation().formData?.get("intent") === "avatar";
  const { preview, choose, refusal } = usePicturePreview(picture);
  const error = useFieldError({
    errorId: "avatar-error",
    hintId: "avatar-file-limits",
    codes: PICTURE_ERROR_CODES,
    keys: ["profile:avatar.missing"],
    local: refusal,
  });
  const shown = preview ?? (user.avatar_status === AvatarStatus.inReview ? user.avatar_new : user.avatar);
  return (
    <section className="card" aria-labelledby="avatar-title">
      <h2 id="avatar-title">{t("profile:avatar.title")}</h2>
      <div className="avatar-edit">
        <Avatar src={shown || undefined} person={selfPerson(user)} />
        <div>
          <AvatarState />
          <p className="hint">{t(preview ? "profile:avatar.previewHint" : "profile:avatar.hint")}</p>
          {/* The operator's reason from the list (contract/moderation.ts), in the user's language. */}
          {user.avatar_status === AvatarStatus.rejected ? (
            <p className="hint">{t(user.avatar_reject_reason ? `moderation:avatar.${user.avatar_reject_reason}` : "errors:300111")}</p>
          ) : null}
        </div>
      </div>
      {/* The server words a missing file next to the field: no browser bubble in the browser's language. */}
      <Form method="post" encType="multipart/form-data" className="form" noValidate>
        <PicturePicker id="avatar-file" name="file" limits={picture} onChange={choose} field={error} />
        <button type="submit" name="intent" value="avatar" className="button button--block" disabled={busy}>
          {t("profile:avatar.send")}
        </button>
      </Form>
    </section>
  );
}
