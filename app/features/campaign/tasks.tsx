import { Form, Link, useActionData } from "@remix-run/react";
import type { CampaignTask } from "#contract/campaign-states.ts";
import { ErrorCode } from "#contract/errors.ts";
import { Chip } from "#app/components/chip.tsx";
import type { IconName } from "#app/components/icons.tsx";
import { ListRow } from "#app/components/list-row.tsx";
import { useFieldError } from "#app/utils/field-error.tsx";
import type { IntentFailure } from "#app/utils/intent-action.server.ts";
import { useSignedInUser } from "#app/utils/signed-in-user.ts";
import { useTranslation } from "#app/utils/translation.tsx";
import type { Campaign } from "./types.ts";
import { HandleInput } from "#app/components/handle-input.tsx";

/** Where each task is done. */
const TASK_PLACE: Record<CampaignTask, { to: string; icon: IconName }> = {
  start_airdrop: { to: "/airdrop", icon: "airdrop" },
  bind_social: { to: "/airdrop", icon: "link" },
  follow_official: { to: "/airdrop", icon: "follow" },
  invite_friends: { to: "/recruit", icon: "invite" },
};

/**
 * The X handle, linked right here rather than on /airdrop: the one task that is only typing. A
 * refusal of the handle is said next to it, announced, and not again as a toast.
 */
function BindForm() {
  const { t } = useTranslation();
  const failed = useActionData() as IntentFailure | undefined;
  const { invite_code } = useSignedInUser();
  const handleError = useFieldError({
    errorId: "handle-error",
    hintId: "handle-hint",
    codes: [ErrorCode.socialInvalid, ErrorCode.socialTaken],
  });
  return (
    <Form method="post" action="/campaign" preventScrollReset className="form form--inline task__form">
      <div className="field">
        <label htmlFor="handle">{t("campaign:bind.label")}</label>
        <HandleInput id="handle" name="handle" defaultValue={failed?.fields?.handle ?? ""} {...handleError.inputProps} />
      </div>
      <button type="submit" name="intent" value="bind" className="button">
        {t("campaign:bind.submit")}
      </button>
      <div className="form__wide">
        {handleError.message}
        <p id="handle-hint" className="hint">
          {t("campaign:bind.proof", { code: invite_code })}
        </p>
      </div>
    </Form>
  );
}

export function Tasks({ tasks }: { tasks: Campaign["tasks"] }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="tasks-title">
      <h2 id="tasks-title" className="card__title">
        {t("campaign:tasks.title")}
      </h2>
      <ul className="tasks">
        {tasks.map((task) => {
          const inline = task.id === "bind_social" && !task.done;
          return (
            <li key={task.id} className="task">
              <ListRow
                icon={TASK_PLACE[task.id].icon}
                title={t(`campaign:tasks.${task.id}`)}
                subtitle={t(task.required ? "campaign:tasks.required" : "campaign:tasks.optional")}
                trailing={
                  task.done ? (
                    <Chip tone="success">{t("campaign:tasks.done")}</Chip>
                  ) : inline ? null : (
                    <Link to={TASK_PLACE[task.id].to} className="button button--secondary button--small">
                      {t("campaign:tasks.go")}
                    </Link>
                  )
                }
              />
              {inline ? <BindForm /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
