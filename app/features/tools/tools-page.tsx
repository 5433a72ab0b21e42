import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { withPrefix } from "#contract/codes.ts";
import { EXCHANGE_QUOTA } from "#contract/tool-kinds.ts";
import { Chip } from "#app/components/chip.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { Icon } from "#app/components/icons.tsx";
import { ListRow } from "#app/components/list-row.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { personName, selfPerson } from "#app/components/person.tsx";
import { CopyButton, ShareLink } from "#app/components/share.tsx";
import { isolate, isolateNumbers } from "#app/utils/format.ts";
import { useHydrated } from "#app/utils/hydrated.ts";
import { useSignedInUser } from "#app/utils/signed-in-user.ts";
import { CodeCard } from "./code-card.tsx";
import { GiftReveal } from "./gift-reveal.tsx";
import { StoneChoice, StoneFacts, StoneTile } from "./stone.tsx";
import { exchangePath } from "#contract/web-paths.ts";
import type { loadTools } from "./tools.server.ts";

type ToolsData = ReturnType<typeof useLoaderData<typeof loadTools>>;

const QUOTAS = Array.from({ length: EXCHANGE_QUOTA.max - EXCHANGE_QUOTA.min + 1 }, (_, i) => EXCHANGE_QUOTA.min + i);

/** The exchange the user is forming, at the top: nothing else can start until it ends. */
function OpenExchange({ exchange }: { exchange: NonNullable<ToolsData["stones"]["open_team"]> }) {
  const { t } = useTranslation();
  return (
    <section className="card notice-card" aria-labelledby="open-title">
      <ListRow
        icon="stone"
        heading={2}
        titleId="open-title"
        title={t("tools:open.title")}
        subtitle={isolateNumbers(t("tools:open.progress", { joined: exchange.members.length, quota: exchange.member_count }))}
        trailing={
          <Link to={exchangePath(exchange.team_id)} className="button button--secondary">
            {t("tools:open.view")}
          </Link>
        }
      />
    </section>
  );
}

/** The stones the user holds: kind, power, bonus rate, and whether one is in an exchange. */
function Stones({ data }: { data: ToolsData }) {
  const { t } = useTranslation();
  const { list, max_stones } = data.stones;
  return (
    <section className="card" aria-labelledby="stones-title">
      <h2 id="stones-title" className="card__title">
        <Icon name="stone" small />
        {t("tools:stonesTitle")}
        <Chip dir="ltr">{`${list.length}/${max_stones}`}</Chip>
      </h2>
      <p className="hint">{t("tools:stonesBody")}</p>
      {list.length === 0 ? (
        <EmptyState>
          <p className="hint">{t("tools:stones.none")}</p>
        </EmptyState>
      ) : (
        <ul className="rows" aria-labelledby="stones-title">
          {list.map((stone) => (
            <li key={stone.force_stone_id} className="list-row">
              <StoneTile kind={stone.name} />
              <div className="list-row__body">
                <StoneFacts stone={stone} />
              </div>
              {stone.status === "wait" ? <Chip tone="brand">{t("tools:stones.inExchange")}</Chip> : null}
            </li>
          ))}
        </ul>
      )}
      {data.nextStone ? <p className="hint">{t("tools:stones.next", { wait: data.nextStone })}</p> : null}
    </section>
  );
}

/** Start an exchange: a free stone and how many take part (the user included). */
function StartExchange({ data }: { data: ToolsData }) {
  const { t } = useTranslation();
  const busy = useNavigation().formData?.get("intent") === "create";
  const free = data.stones.list.filter((s) => s.status === "init");
  if (data.stones.open_team || free.length === 0) return null;
  return (
    <section className="card" aria-labelledby="start-title">
      <h2 id="start-title" className="card__title">
        {t("tools:start.title")}
      </h2>
      <Form method="post" className="form">
        <StoneChoice stones={free} legend={t("tools:start.stone")} />
        <fieldset className="choices choices--row">
          <legend>{t("tools:start.quota")}</legend>
          {QUOTAS.map((n) => (
            <label key={n} className="choice choice--pill">
              <input type="radio" name="quota" value={n} defaultChecked={n === EXCHANGE_QUOTA.min} />
              <bdi dir="ltr" className="num">
                {n}
              </bdi>
            </label>
          ))}
        </fieldset>
        <button type="submit" name="intent" value="create" className="button button--block" disabled={busy}>
          {t("tools:start.submit")}
        </button>
      </Form>
      <HowExchangesWork />
    </section>
  );
}

function HowExchangesWork() {
  const { t } = useTranslation();
  return (
    <details className="how-to">
      <summary>{t("tools:how.title")}</summary>
      <ol className="how">
        <li>{t("tools:how.start")}</li>
        <li>{t("tools:how.join")}</li>
        <li>{t("tools:how.gain")}</li>
        <li>{t("tools:how.once")}</li>
      </ol>
    </details>
  );
}

/** Gift boxes: the user's codes to share (a friend's is opened in the code card). */
function Gifts({ data }: { data: ToolsData }) {
  const { t } = useTranslation();
  // Without JavaScript the code is there to read and type; a share button would do nothing.
  const hydrated = useHydrated();
  const { list, gift_power, per_day, max_boxes } = data.gifts;
  return (
    <section className="card" id="gift" aria-labelledby="gifts-title">
      <h2 id="gifts-title" className="card__title">
        <Icon name="gift" small />
        {t("tools:giftsTitle")}
      </h2>
      <p className="hint">{isolateNumbers(t("tools:gifts.rule", { power: gift_power, perDay: per_day, max: max_boxes }))}</p>
      <h3 className="subhead">{t("tools:gifts.yours")}</h3>
      {list.length === 0 ? (
        <p className="hint">{t("tools:gifts.none")}</p>
      ) : (
        <ul className="rows gift-codes" aria-label={t("tools:gifts.yours")}>
          {list
            .map(({ id, code: bare }) => ({ id, code: withPrefix("gift", bare) }))
            .map((box) => (
              <li key={box.id} className="list-row">
                <span className="list-row__icon">
                  <Icon name="gift" />
                </span>
                <div className="list-row__body">
                  <bdi dir="ltr" className="mono gift-code">
                    {box.code}
                  </bdi>
                </div>
                <div className="list-row__trailing">
                  <CopyButton text={box.code} copiedKey="tools:gifts.copied" className="button button--secondary button--small">
                    {t("tools:gifts.copy")}
                    <span className="visually-hidden"> {isolate(box.code)}</span>
                  </CopyButton>
                  {hydrated ? (
                    <ShareLink
                      url={`${data.giftBase}${encodeURIComponent(box.code)}#gift`}
                      fallbackHref="#gift"
                      copiedKey="tools:gifts.linkCopied"
                      className="button button--small"
                    >
                      {t("tools:gifts.share")}
                      <span className="visually-hidden"> {isolate(box.code)}</span>
                    </ShareLink>
                  ) : null}
                </div>
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}

/** The Tools tab (/force on the wire): magic-stone exchanges and gift boxes. */
export function ToolsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const data = useLoaderData<typeof loadTools>();
  return (
    <main className="page">
      <PageHeader title={t("tools:title")}>
        <p className="lead">{t("tools:lead", { name: isolate(personName(t, selfPerson(user))) })}</p>
      </PageHeader>
      <GiftReveal />
      {data.stones.open_team ? <OpenExchange exchange={data.stones.open_team} /> : null}
      <CodeCard />
      <Stones data={data} />
      <StartExchange data={data} />
      <Gifts data={data} />
    </main>
  );
}
