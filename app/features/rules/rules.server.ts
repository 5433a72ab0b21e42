import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { PublishedRules, RuleName, RuleValues, RuleVersionWire } from "#contract/rules.ts";
import { routes } from "#contract/routes.ts";
import { ApiError, callApi } from "#app/utils/api.server.ts";
import { getEnv } from "#app/utils/env.server.ts";
import { isolate } from "#app/utils/format.ts";
import { readerTimes } from "#app/utils/locale.server.ts";
import { requestContext } from "#app/utils/request.server.ts";
import { translatorFor } from "#app/utils/translations.server.ts";
import { ruleWriter, type RuleWriter } from "./rule-text.server.ts";

/** The rules whose values differ between two versions, in the order the page lists them. */
function changedRules(before: RuleValues, after: RuleValues): RuleName[] {
  return (Object.keys(after) as RuleName[]).filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));
}

function changesOf(writer: RuleWriter, before: RuleValues, after: RuleValues) {
  return changedRules(before, after).map((name) => ({
    label: writer.label(name),
    from: writer.value(name, before),
    to: writer.value(name, after),
  }));
}

/**
 * /rules: the published rules, written for the reader on the server (the page ships no
 * JavaScript): the versions to come with what each changes, the version in force as sentences,
 * and the history. Times are in the reader's time zone once the browser has said which (the
 * vv_tz cookie), else in UTC, saying so.
 */
export async function rulesLoader({ request }: LoaderFunctionArgs) {
  const { locale, caller } = await requestContext(request);
  let rules: PublishedRules;
  try {
    // Anonymous: the same rules for everyone, whoever is signed in.
    rules = await callApi(routes.rules.published, { ...caller, token: undefined });
  } catch (error) {
    if (error instanceof ApiError) throw data({ code: error.code }, { status: 503 });
    throw error;
  }
  const translator = translatorFor(locale);
  const { t } = translator;
  const writer = ruleWriter(translator);
  const when = readerTimes(request, locale, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const time = (v: RuleVersionWire) => isolate(when(v.effective_at));

  // Each version to come is compared with the one before it: the one in force, then each other.
  const upcoming = rules.upcoming.map((version, i) => ({
    version: version.version,
    title: t("rules:next.title", { version: isolate(String(version.version)), time: time(version) }),
    changes: changesOf(writer, (rules.upcoming[i - 1] ?? rules.in_force).values, version.values),
  }));
  const history = rules.history.map((version, i) => {
    const before = rules.history[i + 1];
    const changed = before ? changedRules(before.values, version.values).map((name) => writer.label(name)) : [];
    return {
      version: version.version,
      title: t("rules:history.item", { version: isolate(String(version.version)), time: time(version) }),
      detail: before ? t("rules:history.changed", { rules: writer.list(changed) }) : t("rules:history.first"),
    };
  });
  return {
    title: t("rules:meta.title"),
    description: t("rules:meta.description"),
    publicUrl: getEnv().PUBLIC_URL,
    lead: t("rules:lead", { notice: writer.duration(rules.notice_hours * 3600) }),
    inForce: {
      title: t("rules:inForce.title", { version: isolate(String(rules.in_force.version)) }),
      since: t("rules:inForce.since", { time: time(rules.in_force) }),
      sections: writer.sections(rules.in_force.values),
    },
    upcoming,
    history,
  };
}
