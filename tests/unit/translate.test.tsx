import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { translator } from "#app/utils/translate.ts";
import { Trans, TranslatorProvider } from "#app/utils/translation.tsx";

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

  test("a count picks the language's plural form (Intl.PluralRules), then _other, then the key itself", () => {
    const friends = {
      team: {
        sent_one: "Reminder sent to {{count}} friend",
        sent_other: "Reminder sent to {{count}} friends",
        people: "People nearby: {{count}}",
      },
    };
    const en = translator("en", friends);
    expect([0, 1, 2, 21].map((count) => en.t("team:sent", { count }))).toEqual([
      "Reminder sent to 0 friends",
      "Reminder sent to 1 friend",
      "Reminder sent to 2 friends",
      "Reminder sent to 21 friends",
    ]);
    expect(en.t("team:people", { count: 1 })).toBe("People nearby: 1");
    expect(en.exists("team:sent")).toBe(true);

    // Arabic has six forms; a zero of its own beside them is taken for 0 only.
    const forms = {
      zero: "لا أصدقاء",
      one: "صديق واحد",
      two: "صديقان",
      few: "{{count}} أصدقاء",
      many: "{{count}} صديقًا",
      other: "{{count}} صديق",
    };
    const arabic = translator("ar", { team: Object.fromEntries(Object.entries(forms).map(([form, text]) => [`friends_${form}`, text])) });
    expect([0, 1, 2, 3, 11, 100].map((count) => arabic.t("team:friends", { count }))).toEqual([
      "لا أصدقاء",
      "صديق واحد",
      "صديقان",
      "3 أصدقاء",
      "11 صديقًا",
      "100 صديق",
    ]);
    // A form the language lacks in its bundle falls back to _other, never to the raw key.
    const partial = translator("ar", { team: { friends_other: "{{count}} صديق" } });
    expect(partial.t("team:friends", { count: 2 })).toBe("2 صديق");
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
