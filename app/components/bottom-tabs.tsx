import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Icon } from "./icons.tsx";

const TABS = [
  { to: "/airdrop", key: "common:tabs.airdrop", icon: "airdrop" },
  { to: "/team", key: "common:tabs.team", icon: "team" },
  { to: "/force", key: "common:tabs.tools", icon: "tools" },
  { to: "/mine", key: "common:tabs.profile", icon: "profile" },
] as const;

/** The four bottom tabs of the signed-in layout. */
export function BottomTabs() {
  const { t } = useTranslation();
  return (
    <nav className="tabs" aria-label={t("common:tabs.label")}>
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className="tabs__link" prefetch="intent">
          <span className="tabs__icon">
            <Icon name={tab.icon} />
          </span>
          <span>{t(tab.key)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
