import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Toast } from "~/utils/toast.ts";

const SHOW_MS = 6000;

/** The localized text of a toast: a known code's message, else the server's own words. */
export function useToastText(toast: Toast): string {
  const { t, i18n } = useTranslation();
  if (toast.code !== undefined) {
    const key = `errors:${toast.code}`;
    if (i18n.exists(key)) return t(key, toast.params);
    return toast.message || t("errors:unknown", { code: toast.code });
  }
  return toast.key ? t(toast.key, toast.params) : (toast.message ?? "");
}

/**
 * One toast: rendered on the server (so it shows without JavaScript) and, once hydrated,
 * dismissed after a while or by its button. Errors are alerts, the rest are status.
 */
export function Toaster({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const text = useToastText(toast);
  const [open, setOpen] = useState(true);
  useEffect(() => {
    setOpen(true);
    const timer = setTimeout(() => setOpen(false), SHOW_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!open) return null;
  return (
    <div className={`toast toast--${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"}>
      <span className="toast__text">{text}</span>
      <button type="button" className="toast__close" aria-label={t("common:close")} onClick={() => setOpen(false)}>
        ×
      </button>
    </div>
  );
}
