import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { ErrorCode } from "#contract/errors.ts";
import { EmptyState } from "#app/components/empty-state.tsx";
import { PageHeader } from "#app/components/page-header.tsx";
import { CodeField } from "./code-field.tsx";
import { StoneChoice } from "./stone.tsx";
import { exchangePath } from "#contract/web-paths.ts";
import type { loadSwap } from "./tools.server.ts";

const JOIN_CODES = [
  ErrorCode.exchangeOwn,
  ErrorCode.exchangePairDone,
  ErrorCode.exchangeCompleted,
  ErrorCode.exchangeCancelled,
  ErrorCode.exchangeCodeWrong,
  ErrorCode.exchangeFull,
];

/**
 * /swap?code=…: joining an exchange someone shared. The code comes from the link (or is typed
 * here); the user picks the stone to bring. One forming exchange at a time: a user already in
 * one is shown the way to it instead.
 */
export function SwapPage() {
  const { t } = useTranslation();
  const { code, stones } = useLoaderData<typeof loadSwap>();
  const busy = useNavigation().formData?.get("intent") === "join";
  const free = stones.list.filter((s) => s.status === "init");
  const open = stones.open_team;
  return (
    <main className="page">
      <PageHeader title={t("tools:swap.title")}>
        <p className="lead">{t("tools:swap.lead")}</p>
      </PageHeader>
      <section className="card">
        {open ? (
          <>
            <p className="notice notice--warn">{t("errors:210115")}</p>
            <div className="actions">
              <Link to={exchangePath(open.team_id)} className="button">
                {t("tools:open.view")}
              </Link>
            </div>
          </>
        ) : free.length === 0 ? (
          <EmptyState>
            <p>{t("tools:swap.noStone")}</p>
            <Link to="/force">{t("tools:swap.back")}</Link>
          </EmptyState>
        ) : (
          <Form method="post" className="form">
            <CodeField id="swap-code" label={t("tools:join.code")} defaultValue={code} codes={JOIN_CODES} />
            <StoneChoice stones={free} legend={t("tools:swap.stone")} />
            <button type="submit" name="intent" value="join" className="button button--block" disabled={busy}>
              {t("tools:swap.submit")}
            </button>
          </Form>
        )}
      </section>
    </main>
  );
}
