import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { ERROR_CODES } from "#contract/errors.ts";
import { LANGUAGE_CODES } from "#contract/languages.ts";
import { loadLocale } from "../setup/locale-files.ts";

function sources(dir: string): string {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .map((path) => (statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(path) ? readFileSync(path, "utf8") : ""))
    .join("\n");
}

const en = loadLocale("en");
// The API draws namespaces itself: the e-mails (mail), the campaign share image (share), the push notifications (push)
// and people's friendly names (people, which the web app reads too).
const code =
  sources("app") +
  sources("api/src/mail") +
  sources("api/src/domain/campaign") +
  sources("api/src/domain/push") +
  sources("api/src/domain/profile");

/** Keys the code builds at run time, and the literal text that shows each is built. */
const DYNAMIC: [RegExp, (m: RegExpMatchArray) => boolean][] = [
  [/^errors:(\d+)$/, (m) => ERROR_CODES.includes(Number(m[1]))],
  [/^auth:(login|register)\.(\w+)$/, (m) => code.includes(`\${mode}.${m[2]}`)],
  [/^legal:(privacy|terms)\.s\d+\.(heading|body)$/, (m) => code.includes(`\${key}.${m[2]}`)],
  [/^legal:(privacy|terms)\.(title|description|updated)$/, (m) => code.includes(`\${doc}.${m[2]}`)],
  [/^airdrop:state\.\w+$/, () => code.includes("`airdrop:state.${state}`")],
  [/^team:status\.\w+$/, () => code.includes("`team:status.${member.mint_status}`")],
  [/^team:level[12]$/, () => code.includes("`team:level${l}`")],
  [/^profile:statuses\.\w+$/, () => code.includes("`profile:statuses.${s")],
  [/^profile:notifications\.kinds\.\w+$/, () => code.includes("`profile:notifications.kinds.${kind}`")],
  [/^profile:delete\.lost\.\w+$/, () => code.includes("`profile:delete.lost.${loss}`")],
  [/^tools:stone\.(earth|water|wind|fire)$/, () => code.includes("`tools:stone.${stone.name}`")],
  [/^tools:confirm\.(cancel|leave|remove)\.(title|body|yes)$/, (m) => code.includes(`\`tools:confirm.\${key}.${m[2]}\``)],
  [/^airdrop:task\.t\d\.(title|body)$/, (m) => code.includes(`\`airdrop:task.t\${task.bonus_type}.${m[1]}\``)],
  [/^people:animals\.\w+$/, () => code.includes("`people:animals.${")],
  [/^moderation:avatar\.\w+$/, () => code.includes("`moderation:avatar.${user.avatar_reject_reason}`")],
  [/^moderation:photo\.\w+$/, () => code.includes("`moderation:photo.${campaign.reason}`")],
  [/^moderation:ban\.\w+$/, () => code.includes("`moderation:ban.${reason}`")],
  [/^ledger:filter\.kinds\.\w+$/, () => code.includes("`ledger:filter.kinds.${kind}`")],
  [/^ledger:tasks\.t\d$/, () => code.includes("`ledger:tasks.t${line.task}`")],
  [/^ledger:asset\.\w+$/, () => code.includes("`ledger:asset.${line.asset}`")],
  [/^ledger:data\.formats\.\w+$/, () => code.includes("`ledger:data.formats.${format")],
  [/^ledger:line\.(start|upgrade|opening)$/, () => code.includes("`ledger:line.${line.kind}`")],
  [/^campaign:state\.\w+$/, () => code.includes("`campaign:state.${status}`")],
  [/^campaign:(not_applied|in_review|approved|rejected)\.(title|body)$/, (m) => code.includes(`\`campaign:\${status}.${m[2]}\``)],
  [/^campaign:tasks\.(start_airdrop|bind_social|follow_official|invite_friends)$/, () => code.includes("`campaign:tasks.${task.id}`")],
  [/^map:share\.(denied|unavailable|unsupported)$/, () => code.includes("`map:share.${problem}`")],
];

/** i18next's plural keys: `key_one`, `key_other`… are one text, `key`, that the code asks for with a count. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, "");
const COUNT = "{{count}}";

/** The plural forms a language's plural keys must have: those Intl names for it; a `_zero` of its own is allowed too. */
function neededForms(lng: string): string[] {
  return new Intl.PluralRules(lng).resolvedOptions().pluralCategories.slice().sort();
}

/** Each plural key of a language (by its base) with the forms it has. */
function pluralKeys(strings: Record<string, string>): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  for (const key of Object.keys(strings)) {
    const form = key.match(PLURAL)?.[1];
    if (form) keys.set(base(key), [...(keys.get(base(key)) ?? []), form].sort());
  }
  return keys;
}

function isUsed(key: string): boolean {
  key = base(key);
  const [ns, path] = key.split(":");
  if (code.includes(`"${key}"`) || code.includes(`\`${key}\``)) return true;
  if ((ns === "common" || ns === "mail") && code.includes(`"${path}"`)) return true;
  return DYNAMIC.some(([re, used]) => {
    const m = key.match(re);
    return m ? used(m) : false;
  });
}

// Words that are the same in every language: names, units and examples.
const SAME_EVERYWHERE = /^(VV|BTC|ID|Airdrop|you@example\.com|E-?mail)$/i;
// Animals many languages call by the English word (Panda, Koala, Hamster).
const MAY_BE_ENGLISH = /^people:animals\./;
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}|<\/?(\w+)>/g;

describe("translations", () => {
  test("all 16 languages have a folder", () => {
    expect(readdirSync("locales").sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  test("every English key is used by the code", () => {
    expect(Object.keys(en).filter((k) => !isUsed(k))).toEqual([]);
  });

  test("every error code has its message", () => {
    expect(ERROR_CODES.filter((c) => !en[`errors:${c}`])).toEqual([]);
  });

  for (const lng of LANGUAGE_CODES) {
    test(`${lng}: every plural key has each form the language needs, and no other but English's`, () => {
      const needed = neededForms(lng);
      const english = pluralKeys(en);
      // A language keeps English's forms too (Japanese words "one" as "other"), so every locale has en's keys.
      const wanted = (key: string) => [...new Set([...needed, ...(english.get(key) ?? [])])].sort();
      const wrong = [...pluralKeys(loadLocale(lng))].filter(
        ([key, forms]) => forms.filter((f) => f !== "zero" || needed.includes("zero")).join() !== wanted(key).join(),
      );
      expect(wrong, `plural forms of ${lng}: ${needed.join(", ")}`).toEqual([]);
    });
  }

  for (const lng of LANGUAGE_CODES.filter((l) => l !== "en")) {
    describe(lng, () => {
      const strings = loadLocale(lng);
      test("has exactly the English keys (a plural key with its own language's forms)", () => {
        const plain = (keys: string[]) => keys.filter((k) => !PLURAL.test(k));
        expect(plain(Object.keys(strings)).filter((k) => !(k in en))).toEqual([]);
        expect(Object.keys(en).filter((k) => !(k in strings))).toEqual([]);
        expect([...pluralKeys(strings).keys()].sort()).toEqual([...pluralKeys(en).keys()].sort());
      });
      test("is translated, not left in English", () => {
        const untranslated = Object.keys(en).filter(
          (k) =>
            strings[k] === en[k] &&
            /[A-Za-z]{3}/.test(en[k].replace(PLACEHOLDER, "")) &&
            !SAME_EVERYWHERE.test(en[k].replace(PLACEHOLDER, "").trim()) &&
            !MAY_BE_ENGLISH.test(k),
        );
        expect(untranslated).toEqual([]);
      });
      test("keeps every placeholder and tag", () => {
        const placeholders = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[0]).sort();
        const broken = Object.keys(en)
          .filter((k) => !PLURAL.test(k))
          .filter((k) => placeholders(en[k]).join() !== placeholders(strings[k] ?? "").join());
        // A plural form may leave the count out ("one friend"), but keeps every other placeholder.
        const withoutCount = (text: string) =>
          placeholders(text)
            .filter((p) => p !== COUNT)
            .join();
        const brokenForms = Object.keys(strings)
          .filter((k) => PLURAL.test(k))
          .filter((k) => withoutCount(en[`${base(k)}_other`] ?? "") !== withoutCount(strings[k]));
        expect([...broken, ...brokenForms]).toEqual([]);
      });
    });
  }
});
