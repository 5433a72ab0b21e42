import { BROWSER_NAMES, OS_NAMES } from "#contract/device-names.ts";
import { useTranslation } from "#app/utils/translation.tsx";

/** "Android Chrome", as the new-device e-mail names a device; the VV app and an unknown device in the reader's words. */
export function useDeviceName(): (device: { browser: string; os: string }) => string {
  const { t } = useTranslation();
  return (s) => {
    const browser = s.browser === "app" ? t("profile:sessions.app") : BROWSER_NAMES[s.browser as keyof typeof BROWSER_NAMES];
    const parts = [OS_NAMES[s.os as keyof typeof OS_NAMES], browser].filter(Boolean);
    return parts.length ? parts.join(" ") : t("profile:sessions.unknown");
  };
}
