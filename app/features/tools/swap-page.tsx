import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { EmptyState } from "#app/components/empty-state.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { personName } from "#app/components/person.tsx";
import { isolate, isolateNumbers } from "#app/utils/format.ts";
import { StoneChoice } from "./stone.tsx";
import type { loadSwap } from "./tools.server.ts";

/**
 * /swap?code=…: joining an exchange someone shared, its code already looked up and good: whose
 * it is and how full, then the stone to bring (a user already in another exchange was refused
 * at the lookup).
 */
export function SwapPage() {
  const { t } = useTranslation();
  const { exchange, stones } = useLoaderData<typeof loadSwap>();
  const busy = useNavigation().formData?.get("intent") === "join";
  const free = stones.list.filter((s) => s.status === "init");
  return (
    <main className="page">
      <PageHeader title={t("tools:swap.title")}>
        <p className="lead">{t("tools:swap.lead")}</p>
      </PageHeader>
      <section className="card" aria-labelledby="swap-code">
        <p id="swap-code" className="invite-code mono">
          <bdi dir="ltr">{exchange.code}</bdi>
        </p>
        <p className="notice notice--info">
          {isolateNumbers(
            t("tools:code.exchange", {
              name: isolate(personName(t, { nickname: exchange.leader_nickname, alias: exchange.leader_alias })),
              joined: exchange.joined,
              quota: exchange.quota,
            }),
          )}
        </p>
        {free.length === 0 ? (
          <EmptyState>
            <p>{t("tools:swap.noStone")}</p>
            <Link to="/force">{t("tools:swap.back")}</Link>
          </EmptyState>
        ) : (
          <Form method="post" className="form">
            <input type="hidden" name="code" value={exchange.code} />
            <StoneChoice stones={free} legend={t("tools:swap.stone")} />
            <button type="submit" name="intent" value="join" className="button button--block" disabled={busy}>
              {t("tools:swap.submit")}
            </button>
          </Form>
        )}
        <p className="actions">
          <Link to="/force#code">{t("tools:swap.otherCode")}</Link>
        </p>
      </section>
    </main>
  );
}
