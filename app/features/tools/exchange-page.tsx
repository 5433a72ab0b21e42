import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { useEffect, useRef } from "react";
import { withPrefix } from "#contract/codes.ts";
import type { ExchangeInfo, ForceMember } from "#contract/tools.ts";
import { Avatar } from "#app/components/avatar.tsx";
import { Chip } from "#app/components/chip.tsx";
import { usePersonName } from "#app/components/person.tsx";
import { Icon } from "#app/components/icons.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { CopyButton, ShareLink } from "#app/components/share.tsx";
import { Sheet } from "#app/components/sheet.tsx";
import { useAutoRefresh } from "#app/utils/auto-refresh.ts";
import { useHydrated } from "#app/utils/hydrated.ts";
import { isolateNumbers, percentText } from "#app/utils/format.ts";
import { StoneNumbers } from "./stone.tsx";
import { exchangePath } from "#contract/web-paths.ts";
import { showToast } from "#app/utils/toast.ts";
import type { loadExchange } from "./tools.server.ts";

type ExchangeData = ReturnType<typeof useLoaderData<typeof loadExchange>>;
type Exchange = ExchangeData["exchange"];

const REFRESH_MS = 4000;

/** One participant: who, the stone they brought, what they gain; the leader may remove the others. */
function Participant({ exchange, member }: { exchange: Exchange; member: ForceMember }) {
  const { t } = useTranslation();
  const removable = exchange.is_leader && exchange.status === "wait" && !member.is_leader;
  const person = { nickname: member.user_name, alias: member.alias };
  const name = usePersonName()(person);
  return (
    <li className={member.is_me ? "list-row participant participant--me" : "list-row participant"}>
      <Avatar person={person} small />
      <div className="list-row__body">
        <p className="list-row__title">
          <bdi>{name}</bdi> {member.is_me ? <Chip tone="brand">{t("tools:exchange.you")}</Chip> : null}{" "}
          {member.is_leader ? <Chip>{t("tools:exchange.leader")}</Chip> : null}
        </p>
        <p className="list-row__subtitle">
          <StoneNumbers stone={member} />
        </p>
      </div>
      <div className="list-row__trailing participant__gain">
        <span className="stat__label">{t(exchange.status === "completed" ? "tools:exchange.gained" : "tools:exchange.willGain")}</span>
        <bdi dir="ltr" className="num">
          +{member.success_power}
        </bdi>
        {removable ? (
          <Link to={`?confirm=remove:${member.user_id}`} className="button button--danger-tint button--small" preventScrollReset>
            {t("tools:exchange.remove")}
            <span className="visually-hidden"> {name}</span>
          </Link>
        ) : null}
      </div>
    </li>
  );
}

/** The confirmation of cancel, leave or remove: a sheet the URL opens, with the form that does it. */
function Confirm({ data }: { data: ExchangeData }) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  const busy = useNavigation().state !== "idle";
  const { exchange, confirm } = data;
  if (!confirm || exchange.status !== "wait") return null;
  const me = exchange.members.find((m) => m.is_me);
  const target = confirm.kind === "remove" ? exchange.members.find((m) => m.user_id === confirm.userId) : me;
  if (!target || (confirm.kind !== "leave" && !exchange.is_leader)) return null;
  const key = confirm.kind;
  return (
    <Sheet role="alertdialog" labelledBy="confirm-title" describedBy="confirm-body" dismissTo={exchangePath(exchange.team_id)}>
      <h2 id="confirm-title">{t(`tools:confirm.${key}.title`, { name: nameOf({ nickname: target.user_name, alias: target.alias }) })}</h2>
      <p id="confirm-body">{t(`tools:confirm.${key}.body`)}</p>
      <Form method="post" action={exchangePath(exchange.team_id)} className="actions">
        <input type="hidden" name="exchange" value={exchange.team_id} />
        <input type="hidden" name="member" value={target.user_id} />
        <button type="submit" name="intent" value={key} className="button button--danger" disabled={busy}>
          {t(`tools:confirm.${key}.yes`)}
        </button>
        <Link to={exchangePath(exchange.team_id)} replace className="button button--secondary">
          {t("tools:confirm.keep")}
        </Link>
      </Form>
    </Sheet>
  );
}

/**
 * When the exchange ends while the user watches (the last place taken, or the leader cancelled),
 * a toast says so, taking the place of one whose moment has passed ("Exchange started").
 */
function useToastOnEnd(status: ExchangeInfo["status"], gained: number): void {
  const shown = useRef(status);
  useEffect(() => {
    if (shown.current === status) return;
    shown.current = status;
    if (status === "completed") showToast({ kind: "success", key: "tools:toast.completed", params: { power: gained } });
    if (status === "cancelled") showToast({ kind: "info", key: "tools:exchange.cancelled" });
  }, [status, gained]);
}

/**
 * /swap/<id>: an exchange. While it forms: the code to share, who has joined with what, the
 * empty places, and cancel (leader), remove (leader) or leave; it refreshes itself while
 * visible, so everyone sees the others arrive. Once done: what each gained.
 */
export function ExchangePage() {
  const { t, i18n } = useTranslation();
  const data = useLoaderData<typeof loadExchange>();
  const { exchange } = data;
  const forming = exchange.status === "wait";
  const hydrated = useHydrated();
  useAutoRefresh(forming, REFRESH_MS);
  const me = exchange.members.find((m) => m.is_me);
  const open = Math.max(0, exchange.member_count - exchange.members.length);
  const ratioSum = exchange.members.reduce((sum, m) => sum + m.buff_ratio, 0);
  const code = withPrefix("exchange", exchange.code);
  const link = data.swapBase + encodeURIComponent(code);
  useToastOnEnd(exchange.status, me?.success_power ?? 0);
  return (
    <main className="page">
      <PageHeader title={t("tools:exchange.title")}>
        <p className="lead">
          {forming
            ? isolateNumbers(t("tools:exchange.waiting", { joined: exchange.members.length, quota: exchange.member_count }))
            : t(exchange.status === "completed" ? "tools:exchange.completed" : "tools:exchange.cancelled")}
        </p>
      </PageHeader>
      {exchange.status === "completed" && me ? (
        <section className="card result" aria-labelledby="result-title">
          <h2 id="result-title" className="card__title">
            <Icon name="power" small />
            {t("tools:exchange.resultTitle")}
          </h2>
          <p className="result__power">
            <bdi dir="ltr" className="num">
              +{me.success_power}
            </bdi>{" "}
            <span className="stat__unit">{t("tools:exchange.resultUnit")}</span>
          </p>
          <p className="hint">{t("tools:exchange.resultHint")}</p>
        </section>
      ) : null}
      {forming ? (
        <section className="card" aria-labelledby="code-title">
          <h2 id="code-title" className="card__title">
            {t("tools:exchange.codeTitle")}
          </h2>
          <p className="invite-code mono">
            <bdi dir="ltr">{code}</bdi>
          </p>
          <p className="hint">{t("tools:exchange.codeHint")}</p>
          <div className="actions">
            {hydrated ? (
              <ShareLink url={link} fallbackHref="#code-title" copiedKey="tools:exchange.linkCopied" className="button">
                {t("tools:exchange.share")}
              </ShareLink>
            ) : null}
            <CopyButton text={code} copiedKey="tools:exchange.codeCopied" className="button button--secondary">
              {t("tools:exchange.copy")}
            </CopyButton>
          </div>
        </section>
      ) : null}
      <section className="card" aria-labelledby="people-title">
        <h2 id="people-title" className="card__title">
          {t("tools:exchange.participants")}
          <Chip dir="ltr">{`${exchange.members.length}/${exchange.member_count}`}</Chip>
        </h2>
        <ul className="rows participants" aria-labelledby="people-title">
          {exchange.members.map((m) => (
            <Participant key={m.user_id} exchange={exchange} member={m} />
          ))}
          {forming
            ? Array.from({ length: open }, (_, i) => (
                <li key={`open-${i}`} className="list-row participant participant--open">
                  <span className="avatar avatar--sm avatar--empty" aria-hidden="true" />
                  <p className="list-row__body hint">{t("tools:exchange.openSlot")}</p>
                </li>
              ))
            : null}
        </ul>
        <p className="hint">
          {isolateNumbers(t("tools:exchange.bonusSum", { bonus: percentText(i18n.language, ratioSum, { signed: true }) }))}
        </p>
        {forming ? (
          <div className="actions">
            {exchange.is_leader ? (
              <Link to="?confirm=cancel" className="button button--secondary" preventScrollReset>
                {t("tools:exchange.cancel")}
              </Link>
            ) : me ? (
              <Link to="?confirm=leave" className="button button--secondary" preventScrollReset>
                {t("tools:exchange.leave")}
              </Link>
            ) : null}
          </div>
        ) : null}
        {!me && exchange.status !== "cancelled" ? <p className="notice">{t("tools:exchange.notIn")}</p> : null}
      </section>
      <p className="actions actions--center">
        <Link to="/force">{t("tools:swap.back")}</Link>
      </p>
      <Confirm data={data} />
    </main>
  );
}
