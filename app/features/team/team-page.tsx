import { Fragment } from "react";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { Icon } from "#app/components/icons.tsx";
import { ListRow } from "#app/components/list-row.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { Stat } from "#app/components/stat.tsx";
import { compactNumber, isolateNumbers, percentText } from "#app/utils/format.ts";
import { useSignedInUser } from "#app/utils/signed-in-user.ts";
import { InviteFacts } from "./invite-facts.tsx";
import { MemberList } from "./member-list.tsx";
import { teamHref } from "./team-links.ts";
import type { loadTeam } from "./team.server.ts";

type TeamData = ReturnType<typeof useLoaderData<typeof loadTeam>>;
type Level = TeamData["level"];

/** Team Power and where it comes from: each level's share, and how many of each level claim now. */
function PowerCard({ page }: { page: TeamData["page"] }) {
  const { t } = useTranslation();
  const { level1, level2 } = page.counts;
  return (
    <section className="card" aria-labelledby="team-power-title">
      <div className="team-power__head">
        <h2 id="team-power-title" className="card__title">
          <Icon name="power" small />
          {t("team:power.heading")}
        </h2>
        <bdi dir="ltr" className="num team-power__total">
          {compactNumber(page.team_power)}
        </bdi>
      </div>
      <dl className="team-power__parts">
        <Stat label={t("team:power.level1")} value={compactNumber(page.level1_power)} />
        <Stat label={t("team:power.level2")} value={compactNumber(page.level2_power)} />
        <Stat label={t("team:power.active1")} value={`${level1.minting}/${level1.total}`} />
        <Stat label={t("team:power.active2")} value={`${level2.minting}/${level2.total}`} />
      </dl>
      <p className="hint">{t("team:power.hint")}</p>
    </section>
  );
}

/** Level 1 and level 2 as links, so they work without JavaScript; each shows its head count. */
function LevelTabs({ level, counts }: { level: Level; counts: TeamData["page"]["counts"] }) {
  const { t } = useTranslation();
  return (
    <nav className="segmented" aria-label={t("team:levels")}>
      {(["1", "2"] as const).map((l) => (
        <Link key={l} to={`${teamHref(l)}#members`} className="segmented__item" aria-current={l === level ? "page" : undefined}>
          {t(`team:level${l}`)}
          <bdi dir="ltr" className="num segmented__count">
            {counts[`level${l}`].total}
          </bdi>
        </Link>
      ))}
    </nav>
  );
}

/**
 * The remind action: who is paused and today's limit. The button can be tapped only when a
 * reminder would go out; otherwise it says why: nobody is paused (the line above it), or the
 * wait before the next one (on the button itself).
 */
function RemindCard({ state }: { state: NonNullable<TeamData["remind"]> }) {
  const { t } = useTranslation();
  const busy = useNavigation().formData?.get("intent") === "remind";
  const nobody = state.suspended_members === 0 && state.not_started_members === 0;
  const who = [
    state.suspended_members > 0 ? t("team:remind.paused", { count: state.suspended_members }) : "",
    state.not_started_members > 0 ? t("team:remind.notStarted", { count: state.not_started_members }) : "",
  ].filter(Boolean);
  return (
    <section className="card" aria-labelledby="remind-title">
      <ListRow
        icon="bell"
        heading={2}
        titleId="remind-title"
        title={t("team:remind.title")}
        subtitle={
          <span id="remind-who">
            {nobody
              ? t("team:remind.nobody")
              : // Each count on a line of its own: run together, a narrow screen breaks them mid-phrase.
                who.map((line, i) => (
                  <Fragment key={line}>
                    {i > 0 ? <br /> : null}
                    {line}
                  </Fragment>
                ))}
          </span>
        }
      />
      <p className="hint">
        {state.wait
          ? t("team:remind.leftToday", { left: state.reminders_left_today, perDay: state.reminders_per_day })
          : t("team:remind.limit", { left: state.reminders_left_today, perDay: state.reminders_per_day, gap: state.gap })}
      </p>
      <Form method="post" preventScrollReset className="actions">
        <button
          type="submit"
          name="intent"
          value="remind"
          className="button button--secondary button--block"
          disabled={busy || nobody || Boolean(state.wait)}
          aria-describedby={nobody ? "remind-who" : undefined}
        >
          <Icon name="bell" small />
          {state.wait ? t("team:remind.nextIn", { wait: state.wait }) : t("team:remind.send")}
        </button>
      </Form>
    </section>
  );
}

/** An empty level: what inviting pays, and the way to invite. */
function EmptyLevel({ level, invite }: { level: Level; invite: TeamData["invite"] }) {
  const { t, i18n } = useTranslation();
  return (
    <EmptyState>
      <p>{t(level === "1" ? "team:empty.level1" : "team:empty.level2")}</p>
      {invite ? (
        <p className="hint">
          {isolateNumbers(
            t("team:empty.pays", {
              level1: percentText(i18n.language, invite.level1_percent),
              level2: percentText(i18n.language, invite.level2_percent),
            }),
          )}
        </p>
      ) : null}
      <div className="actions actions--center">
        <Link to="/recruit" className="button">
          <Icon name="invite" small />
          {t("team:inviteFriends")}
        </Link>
      </div>
    </EmptyState>
  );
}

/** The level switch, the level's members (or what inviting pays), and the "more" link. */
function MembersCard({ data }: { data: TeamData }) {
  const { t } = useTranslation();
  const { level, cursor, page, invite } = data;
  return (
    <section className="card" id="members" aria-labelledby="members-title">
      <h2 id="members-title" className="card__title">
        <Icon name="team" small />
        {t("team:members.heading")}
      </h2>
      <LevelTabs level={level} counts={page.counts} />
      <p className="hint">{t(level === "1" ? "team:members.level1Hint" : "team:members.level2Hint")}</p>
      {cursor ? (
        <p>
          <Link to={teamHref(level)}>{t("team:members.newest")}</Link>
        </p>
      ) : null}
      {page.list.length === 0 && !cursor ? (
        <EmptyLevel level={level} invite={invite} />
      ) : (
        <MemberList
          key={`${level}:${cursor}`}
          level={level}
          label={t(`team:level${level}`)}
          members={page.list}
          nextCursor={page.next_cursor}
        />
      )}
    </section>
  );
}

/**
 * The Team tab: Team Power, the remind action, the two levels of members, and the invitation.
 * Until anyone has joined, the empty list and its invite action come first.
 */
export function TeamPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loadTeam>();
  const { page, remind } = data;
  const user = useSignedInUser();
  const hasTeam = page.counts.level1.total > 0;
  return (
    <main className="page">
      <PageHeader title={t("team:title")}>
        <p className="lead">{t("team:lead")}</p>
      </PageHeader>
      {hasTeam ? <PowerCard page={page} /> : null}
      {remind && hasTeam ? <RemindCard state={remind} /> : null}
      <MembersCard data={data} />
      <section className="card" aria-labelledby="invite-title">
        <h2 id="invite-title" className="card__title">
          <Icon name="invite" small />
          {t("team:inviteTitle")}
        </h2>
        <InviteFacts code={user.invite_code} link={user.invite_link} />
        {hasTeam ? (
          <div className="actions">
            <Link to="/recruit" className="button button--secondary">
              {t("team:inviteFriends")}
            </Link>
          </div>
        ) : null}
      </section>
      {hasTeam ? null : <PowerCard page={page} />}
    </main>
  );
}
