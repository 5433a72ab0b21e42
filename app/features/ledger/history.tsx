import { Form, Link } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { LEDGER_KINDS } from "#contract/ledger-kinds.ts";
import { EmptyState } from "#app/components/empty-state.tsx";
import { isolateNumbers } from "#app/utils/format.ts";
import { amountText, lineText } from "./line-text.ts";
import type { HistoryPage } from "./history.server.ts";

/**
 * /mine's history: every change of the user's VV and Soul Power, newest first, each with the
 * sentence that explains it, its time and the rules version that paid it. A GET form filters it
 * by kind and plain links page it, so it works without JavaScript.
 */
export function History({ page, path }: { page: HistoryPage; path: string }) {
  const { t, i18n } = useTranslation();
  const kindQuery = page.kind ? `kind=${page.kind}&` : "";
  return (
    <section className="card" id="history" aria-labelledby="history-title">
      <h2 id="history-title" className="card__title">
        {t("ledger:title")}
      </h2>
      <p className="hint">{t("ledger:hint")}</p>
      <Form method="get" action={`${path}#history`} className="form form--inline">
        <div className="field">
          <label htmlFor="history-kind">{t("ledger:filter.label")}</label>
          <select id="history-kind" name="kind" defaultValue={page.kind ?? ""}>
            <option value="">{t("ledger:filter.all")}</option>
            {LEDGER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`ledger:filter.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button--secondary">
          {t("ledger:filter.submit")}
        </button>
      </Form>
      {page.lines.length === 0 ? (
        <EmptyState>
          <p className="hint">{t("ledger:empty")}</p>
        </EmptyState>
      ) : (
        <ul className="rows ledger-lines" aria-labelledby="history-title">
          {page.lines.map((line) => {
            const amount = amountText(t, line);
            return (
              <li key={line.id} className="list-row ledger-line">
                <div className="list-row__body">
                  <p className="ledger-line__text">{isolateNumbers(lineText(i18n, line))}</p>
                  <p className="hint">
                    {line.when} ·{" "}
                    {line.rule_version === 0 ? t("ledger:versionCarried") : t("ledger:version", { version: line.rule_version })}
                  </p>
                </div>
                {amount ? (
                  <span className={`ledger-line__amount${line.amount.startsWith("-") ? " ledger-line__amount--out" : ""}`}>
                    {isolateNumbers(amount)}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {page.next || page.paged ? (
        <div className="actions">
          {page.paged ? <Link to={`${path}?${kindQuery.replace(/&$/, "")}#history`}>{t("ledger:newest")}</Link> : null}
          {page.next ? (
            <Link to={`${path}?${kindQuery}cursor=${page.next}#history`} className="button button--secondary">
              {t("ledger:older")}
            </Link>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
