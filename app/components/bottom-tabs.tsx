import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";

const TABS = [
  { to: "/airdrop", key: "common:tabs.airdrop", icon: "M12 3a9 9 0 0 0-9 9h18a9 9 0 0 0-9-9Zm-9 9 9 9 9-9M12 12v9" },
  { to: "/team", key: "common:tabs.team", icon: "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 10a7 7 0 0 1 14 0M17 11a3 3 0 1 0 0-6M22 21a5 5 0 0 0-4-5" },
  { to: "/force", key: "common:tabs.tools", icon: "M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" },
  { to: "/mine", key: "common:tabs.profile", icon: "M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm-8 9a8 8 0 0 1 16 0" },
] as const;

/** The four bottom tabs of the signed-in layout. */
export function BottomTabs() {
  const { t } = useTranslation();
  return (
    <nav className="tabs" aria-label={t("common:tabs.label")}>
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className="tabs__link" prefetch="intent">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d={tab.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          <span>{t(tab.key)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
