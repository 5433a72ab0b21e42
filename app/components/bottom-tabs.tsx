import { NavLink, useLocation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { Icon } from "./icons.tsx";

/** Each tab, and the pages opened from it that keep it lit. */
const TABS = [
  { to: "/airdrop", key: "common:tabs.airdrop", icon: "airdrop", also: [] },
  { to: "/team", key: "common:tabs.team", icon: "team", also: ["/recruit"] },
  { to: "/force", key: "common:tabs.tools", icon: "tools", also: ["/swap"] },
  { to: "/mine", key: "common:tabs.profile", icon: "profile", also: [] },
] as const;

/** The four bottom tabs of the signed-in layout. */
export function BottomTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav className="tabs" aria-label={t("common:tabs.label")}>
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          className={({ isActive }) =>
            isActive || tab.also.some((p: string) => pathname.startsWith(p)) ? "tabs__link active" : "tabs__link"
          }
          prefetch="intent"
        >
          <span className="tabs__icon">
            <Icon name={tab.icon} />
          </span>
          <span>{t(tab.key)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
