import { useTranslation } from "#app/utils/translation.tsx";
import { EXPORT_FORMATS } from "#contract/ledger-kinds.ts";

/**
 * /settings' "Your data": the profile and the whole history to take away. Plain anchors, not
 * router links: a file is downloaded, never rendered as a page, and needs no JavaScript.
 */
export function DataCard() {
  const { t } = useTranslation();
  return (
    <section className="card" id="data" aria-labelledby="data-title">
      <h2 id="data-title">{t("ledger:data.title")}</h2>
      <p className="hint">{t("ledger:data.body")}</p>
      <div className="actions data-links">
        {EXPORT_FORMATS.map((format) => (
          <a key={format} href={`/settings/export?format=${format}`} download className="button button--secondary">
            {t(`ledger:data.formats.${format.replace(".", "_")}`)}
          </a>
        ))}
      </div>
    </section>
  );
}

/** In the deletion sheet: the one last thing worth doing before the account is gone. */
export function ExportBeforeDeleting() {
  const { t } = useTranslation();
  return (
    <p className="hint">
      {t("ledger:data.beforeDeleting")}{" "}
      <a href="/settings/export?format=json" download>
        {t("ledger:data.formats.json")}
      </a>
    </p>
  );
}
