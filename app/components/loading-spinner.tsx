import { useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";

/** The spinner image while the next page loads (pages load lazily, per route). */
export function LoadingSpinner() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  if (navigation.state !== "loading") return null;
  return (
    <div className="spinner" role="status">
      <img src="/spinner.svg" width="48" height="48" alt={t("common:loading")} />
    </div>
  );
}
