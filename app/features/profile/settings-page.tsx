import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { DataCard, ExportBeforeDeleting } from "#app/features/ledger/data-card.tsx";
import { ErrorCode } from "#contract/errors.ts";
import { LANGUAGES } from "#contract/languages.ts";
import { AvatarStatus, DELETE_WORD } from "#contract/profile-states.ts";
import { Avatar } from "#app/components/avatar.tsx";
import { selfPerson } from "#app/components/person.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Sheet } from "#app/components/sheet.tsx";
import type { IntentFailure } from "#app/utils/intent-action.server.ts";
import { useSignedInUser } from "#app/utils/signed-in-user.ts";
import { LogoutSheet } from "./logout-sheet.tsx";
import { AvatarState } from "./avatar-state.tsx";
import { useFieldError } from "#app/utils/field-error.tsx";
import { PICTURE_ERROR_CODES, usePicturePreview } from "#app/utils/picture-preview.ts";
import { NicknameForm } from "./nickname-form.tsx";
import { Notifications } from "./notifications.tsx";
import type { loadSettings } from "./settings.server.ts";
import { forgetFigures } from "#app/features/offline/last-figures.ts";

type SettingsData = ReturnType<typeof useLoaderData<typeof loadSettings>>;

/**
 * The avatar: the current one, a preview of the chosen file before it is sent (with JavaScript),
 * and a plain multipart form that works without it. Phones offer the camera or the gallery.
 */
function AvatarForm() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const busy = useNavigation().formData?.get("intent") === "avatar";
  const { preview, choose } = usePicturePreview();
  const error = useFieldError({
    errorId: "avatar-error",
    codes: [...PICTURE_ERROR_CODES],
    keys: ["profile:avatar.choose"],
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
          {user.avatar_status === AvatarStatus.rejected ? <p className="hint">{t("errors:300111")}</p> : null}
        </div>
      </div>
      <Form method="post" encType="multipart/form-data" className="form">
        <div className="field">
          <label htmlFor="avatar-file">{t("profile:avatar.choose")}</label>
          <input
            id="avatar-file"
            name="file"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/*"
            onChange={choose}
            {...error.inputProps}
          />
          {error.message}
        </div>
        <button type="submit" name="intent" value="avatar" className="button button--block" disabled={busy}>
          {t("profile:avatar.send")}
        </button>
      </Form>
    </section>
  );
}

/** The status shown by the user's name: one of the configured icons, or none. */
function StatusForm({ statuses }: { statuses: SettingsData["statuses"] }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const busy = useNavigation().formData?.get("intent") === "status";
  return (
    <section className="card" aria-labelledby="status-title">
      <h2 id="status-title">{t("profile:status.title")}</h2>
      <Form method="post" className="form">
        <fieldset className="choices status-choices">
          <legend className="visually-hidden">{t("profile:status.title")}</legend>
          <label className="choice">
            <input type="radio" name="status" value="" defaultChecked={user.user_status_icon === null} />
            <span className="status-icon" aria-hidden="true">
              –
            </span>
            <span>{t("profile:status.none")}</span>
          </label>
          {statuses.map((s) => (
            <label key={s.id} className="choice">
              <input type="radio" name="status" value={s.id} defaultChecked={user.user_status_icon === s.id} />
              <span className="status-icon" aria-hidden="true">
                {s.icon}
              </span>
              <span>{t(`profile:statuses.${s.name}`, { defaultValue: s.name })}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" name="intent" value="status" className="button button--secondary button--block" disabled={busy}>
          {t("profile:status.save")}
        </button>
      </Form>
    </section>
  );
}

/** The display language, each named in its own script; saving reloads the page in it. */
function LanguageForm() {
  const { t, i18n } = useTranslation();
  return (
    <Form method="post" className="form form--inline" reloadDocument>
      <div className="field">
        <label htmlFor="ui_lang">{t("common:language")}</label>
        <select id="ui_lang" name="ui_lang" defaultValue={i18n.language}>
          {LANGUAGES.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" name="intent" value="language" className="button button--secondary">
        {t("common:save")}
      </button>
    </Form>
  );
}

/** Account deletion: the sheet asks for the word DELETE, exactly. */
function DeleteSheet() {
  const { t } = useTranslation();
  const failed = useActionData() as IntentFailure | undefined;
  const busy = useNavigation().formData?.get("intent") === "delete";
  const error = useFieldError({ errorId: "delete-error", codes: [ErrorCode.deleteSpelledWrong] });
  return (
    <Sheet role="alertdialog" labelledBy="delete-title" describedBy="delete-body" dismissTo="/settings">
      <h2 id="delete-title">{t("profile:delete.title")}</h2>
      <p id="delete-body">{t("profile:delete.body")}</p>
      <ExportBeforeDeleting />
      {/* A deleted account's figures must not stay for the offline page; a refused attempt loses nothing the airdrop won't save again. */}
      <Form method="post" action="/settings?confirm=delete" className="form" onSubmit={forgetFigures}>
        <div className="field">
          <label htmlFor="delete-confirm">{t("profile:delete.label", { word: DELETE_WORD })}</label>
          <input
            id="delete-confirm"
            name="confirm"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            defaultValue={failed?.fields?.confirm ?? ""}
            {...error.inputProps}
          />
          {error.message}
        </div>
        <div className="actions">
          <button type="submit" name="intent" value="delete" className="button button--danger" disabled={busy}>
            {t("profile:delete.submit")}
          </button>
          <Link to="/settings" replace className="button button--secondary">
            {t("common:cancel")}
          </Link>
        </div>
      </Form>
    </Sheet>
  );
}

/** /settings: avatar, nickname, status, notifications, language, e-mail, logout and account deletion. */
export function SettingsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const { statuses, confirm } = useLoaderData<typeof loadSettings>();
  return (
    <main className="page">
      <PageHeader title={t("profile:settings.title")}>
        <p className="lead">
          <Link to="/mine" className="band__link">
            {t("profile:settings.back")}
          </Link>
        </p>
      </PageHeader>
      {/* A new upload starts the form afresh: the file field empties and the preview gives way to the stored picture. */}
      <AvatarForm key={user.avatar_new} />
      <section className="card" aria-labelledby="nickname-title">
        <h2 id="nickname-title">{t("profile:nickname.title")}</h2>
        <NicknameForm />
      </section>
      <StatusForm statuses={statuses} />
      <Notifications />
      <DataCard />
      <section className="card" aria-labelledby="account-title">
        <h2 id="account-title">{t("profile:settings.account")}</h2>
        <dl className="facts">
          <div>
            <dt>{t("profile:email")}</dt>
            <dd className="break">
              <bdi dir="ltr">{user.email}</bdi>
            </dd>
          </div>
        </dl>
        <LanguageForm />
        <div className="actions settings-actions">
          <Link to="?confirm=logout" className="button button--secondary" preventScrollReset>
            {t("profile:logout")}
          </Link>
          <Link to="?confirm=delete" className="button button--danger" preventScrollReset>
            {t("profile:delete.open")}
          </Link>
        </div>
      </section>
      {confirm === "logout" ? <LogoutSheet dismissTo="/settings" /> : null}
      {confirm === "delete" ? <DeleteSheet /> : null}
    </main>
  );
}
