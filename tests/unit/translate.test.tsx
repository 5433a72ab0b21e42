import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { translator } from "../../app/utils/translate.ts";
import { Trans, TranslatorProvider } from "../../app/utils/translation.tsx";

const ar = translator(
  "ar",
  { common: { back: "رجوع", nav: { team: "الفريق" } }, airdrop: { greeting: "مرحبًا {{name}}", wait: "بعد {{a}} و{{b}}" } },
  { common: { onlyEnglish: "Only in English" } },
);

describe("the web app's translator", () => {
  test("finds `ns:key.path`, the common namespace without a prefix, and falls back to the other language", () => {
    expect(ar.t("airdrop:greeting", { name: "سارة" })).toBe("مرحبًا سارة");
    expect(ar.t("back")).toBe("رجوع");
    expect(ar.t("common:nav.team")).toBe("الفريق");
    expect(ar.t("onlyEnglish")).toBe("Only in English");
    expect(ar.exists("common:nav.team")).toBe(true);
    expect(ar.exists("common:nav")).toBe(false);
    expect(ar.exists("tools:title")).toBe(false);
  });

  test("a missing key is the key or the default; a value not given keeps its placeholder", () => {
    expect(ar.t("tools:title")).toBe("tools:title");
    expect(ar.t("tools:title", { defaultValue: "" })).toBe("");
    expect(ar.t("airdrop:wait", { a: 3 })).toBe("بعد 3 و{{b}}");
    expect(ar.t("airdrop:greeting", { name: "{{name}}" })).toBe("مرحبًا {{name}}");
  });

  test("Trans puts each tag's text into its component, wherever the translation places it", () => {
    const en = translator("en", { auth: { agree: "You agree to the <terms>Terms</terms> and the <privacy>Privacy policy</privacy>." } });
    const html = renderToString(
      <TranslatorProvider value={en}>
        <Trans i18nKey="auth:agree" components={{ terms: <a href="/terms" />, privacy: <a href="/privacy" /> }} />
      </TranslatorProvider>,
    );
    expect(html).toBe('You agree to the <a href="/terms">Terms</a> and the <a href="/privacy">Privacy policy</a>.');
  });
});
