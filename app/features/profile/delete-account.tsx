import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { ExportBeforeDeleting } from "#app/features/ledger/data-card.tsx";
import { forgetFigures } from "#app/features/offline/last-figures.ts";
import { Sheet } from "#app/components/sheet.tsx";
import { useFieldError } from "#app/utils/field-error.tsx";
import type { IntentFailure } from "#app/utils/intent-action.server.ts";
import { useTranslation } from "#app/utils/translation.tsx";
import { ErrorCode } from "#contract/errors.ts";
import { DELETE_WORD } from "#contract/profile-states.ts";

const LOSSES = ["vv", "power", "team", "exchanges", "gifts", "history"] as const;

/** What deleting the account takes away, listed the same in the danger zone and in the sheet. */
function Losses({ intro, id }: { intro: string; id?: string }) {
  const { t } = useTranslation();
  return (
    <div id={id}>
      <p>{intro}</p>
      <ul className="losses">
        {LOSSES.map((loss) => (
          <li key={loss}>{t(`profile:delete.lost.${loss}`)}</li>
        ))}
      </ul>
    </div>
  );
}

/** The danger zone: apart from log out, at the end of /settings, saying what deletion loses before the sheet asks. */
export function DangerZone() {
  const { t } = useTranslation();
  return (
    <section className="card danger-zone" aria-labelledby="danger-title">
      <h2 id="danger-title">{t("profile:delete.zoneTitle")}</h2>
      <Losses intro={t("profile:delete.loses")} />
      <ExportBeforeDeleting />
      <Link to="?confirm=delete" className="button button--danger button--block" preventScrollReset>
        {t("profile:delete.open")}
      </Link>
    </section>
  );
}

/** Account deletion: the sheet lists the losses again and asks for the word DELETE, exactly. */
export function DeleteSheet() {
  const { t } = useTranslation();
  const failed = useActionData() as IntentFailure | undefined;
  const busy = useNavigation().formData?.get("intent") === "delete";
  const error = useFieldError({ errorId: "delete-error", codes: [ErrorCode.deleteSpelledWrong] });
  return (
    <Sheet role="alertdialog" labelledBy="delete-title" describedBy="delete-body delete-losses" dismissTo="/settings">
      <h2 id="delete-title">{t("profile:delete.title")}</h2>
      <p id="delete-body">{t("profile:delete.body")}</p>
      <Losses intro={t("profile:delete.youLose")} id="delete-losses" />
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
