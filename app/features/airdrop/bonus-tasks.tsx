import { Form } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { isolateNumbers } from "#app/utils/format.ts";
import { BonusType, type BonusTypeValue } from "#contract/bonus-tasks.ts";
import { Chip } from "#app/components/chip.tsx";
import { Countdown } from "#app/components/countdown.tsx";
import type { IconName } from "#app/components/icons.tsx";
import { ListRow } from "#app/components/list-row.tsx";
import { ShareLink } from "#app/components/share.tsx";
import { useFieldError } from "#app/utils/field-error.tsx";
import { HANDLE_REFUSALS } from "./handle-refusals.ts";
import type { Info, Task } from "./types.ts";
import { HandleInput } from "#app/components/handle-input.tsx";

const TASK_ICONS: Record<BonusTypeValue, IconName> = {
  [BonusType.bindSocial]: "link",
  [BonusType.followOfficial]: "follow",
  [BonusType.inviteFriends]: "invite",
  [BonusType.appUpgrade]: "upgrade",
};

function ClaimButton({ task }: { task: Task }) {
  const { t } = useTranslation();
  if (task.collected) return <Chip tone="success">{t("airdrop:task.collected")}</Chip>;
  if (!task.can_collect) return null;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="bonus_type" value={task.bonus_type} />
      <button type="submit" name="intent" value="bonus" className="button">
        {isolateNumbers(t("airdrop:task.claim", { power: task.power }))}
      </button>
    </Form>
  );
}

/** Step 1 of the follow task: bind the handle (the proof of ownership is the invite code in the bio). */
function BindStep({ info, inviteCode, typed }: { info: Info; inviteCode: string; typed?: string }) {
  const { t } = useTranslation();
  const error = useFieldError({ errorId: "handle-error", hintId: "handle-hint", codes: HANDLE_REFUSALS });
  if (info.twitter) {
    return (
      <p className="step step--done">
        {t("airdrop:social.bound")} <bdi dir="ltr">{info.twitter}</bdi>
      </p>
    );
  }
  return (
    <Form method="post" preventScrollReset className="form form--inline">
      <div className="field">
        <label htmlFor="handle">{t("airdrop:social.handleLabel")}</label>
        <HandleInput id="handle" name="handle" defaultValue={typed} {...error.inputProps} />
        {error.message}
      </div>
      <button type="submit" name="intent" value="bind" className="button">
        {t("airdrop:social.bind")}
      </button>
      <p id="handle-hint" className="hint form__wide">
        {t("airdrop:social.proof", { code: inviteCode })}
      </p>
    </Form>
  );
}

/** Step 2 and 3: follow the official account, then wait before the reward can be claimed. */
function FollowStep({ info, task }: { info: Info; task: Task }) {
  const { t } = useTranslation();
  if (!info.twitter) return <p className="hint">{t("airdrop:social.bindFirst")}</p>;
  if (!info.follow_twitter) {
    const official = info.official_twitter.replace(/^@/, "");
    return (
      <div className="actions">
        <a className="button button--secondary" href={`https://x.com/${official}`} target="_blank" rel="noopener noreferrer">
          {t("airdrop:social.open", { handle: info.official_twitter })}
        </a>
        <Form method="post" preventScrollReset>
          <button type="submit" name="intent" value="follow" className="button">
            {t("airdrop:social.followed")}
          </button>
        </Form>
      </div>
    );
  }
  const wait = (info.follow_claim_at ?? 0) - info.server_time;
  if (wait > 0 && !task.collected) {
    return (
      <p className="step">
        {t("airdrop:social.wait")}{" "}
        <Countdown deadline={info.follow_claim_at ?? 0} serverNow={info.server_time} label={t("airdrop:social.waitLabel")} />
      </p>
    );
  }
  return null;
}

/** Progress towards the invite reward, and a way to pass the invite link on. */
function InviteStep({ friends, started, link }: { friends: number; started: number; link: string }) {
  const { t } = useTranslation();
  const done = Math.min(started, friends);
  return (
    <div className="actions">
      <span className="task__progress" role="img" aria-label={t("airdrop:task.progressLabel", { done, total: friends })}>
        <bdi dir="ltr">
          {done}/{friends}
        </bdi>
      </span>
      <ShareLink url={link} fallbackHref="/recruit" copiedKey="airdrop:task.copied" className="button button--secondary">
        {t("airdrop:task.share")}
      </ShareLink>
    </div>
  );
}

/** The ways to gain power: each bonus task with its state, the social steps inline. */
export function BonusTasks(props: {
  info: Info;
  tasks: Task[];
  inviteCode: string;
  /** How many invitees must start their airdrop and how many have, and the follow wait in words: from the API. */
  invite: { friends: number; started: number; link: string };
  followWait: string;
  typedHandle?: string;
}) {
  const { info, tasks, inviteCode, typedHandle } = props;
  const params = { friends: props.invite.friends, wait: props.followWait };
  const { t } = useTranslation();
  return (
    <section className="card" id="tasks" aria-labelledby="tasks-title">
      <h2 id="tasks-title">{t("airdrop:task.heading")}</h2>
      <ul className="tasks">
        {tasks.map((task) => (
          <li key={task.bonus_type} className="task">
            <ListRow
              icon={TASK_ICONS[task.bonus_type as BonusTypeValue]}
              heading={3}
              title={t(`airdrop:task.t${task.bonus_type}.title`, params)}
              subtitle={t(`airdrop:task.t${task.bonus_type}.body`, params)}
              trailing={
                <Chip tone="brand" dir="ltr">
                  +{task.power}
                </Chip>
              }
            />
            {task.bonus_type === BonusType.bindSocial ? <BindStep info={info} inviteCode={inviteCode} typed={typedHandle} /> : null}
            {task.bonus_type === BonusType.followOfficial ? <FollowStep info={info} task={task} /> : null}
            {task.bonus_type === BonusType.inviteFriends && !task.collected ? <InviteStep {...props.invite} /> : null}
            <ClaimButton task={task} />
          </li>
        ))}
      </ul>
    </section>
  );
}
