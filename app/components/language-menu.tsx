import { useLocation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import { LANGUAGES } from "#contract/languages.ts";

/** A language list that works without JavaScript: a disclosure of plain links. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const current = LANGUAGES.find((l) => l.code === i18n.language) ?? LANGUAGES[0];
  const hrefFor = (code: string) => {
    const params = new URLSearchParams(location.search);
    params.delete("lang");
    params.set("ui_lang", code);
    return `${location.pathname}?${params}`;
  };
  return (
    <details className="language-menu">
      <summary>
        <span className="visually-hidden">{t("common:language")}: </span>
        {current.name}
      </summary>
      <ul>
        {LANGUAGES.map((l) => (
          <li key={l.code}>
            <a href={hrefFor(l.code)} lang={l.code} dir={l.dir} aria-current={l.code === current.code ? "true" : undefined}>
              {l.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
