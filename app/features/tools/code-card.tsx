import { Form, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "#app/utils/translation.tsx";
import type { CodeLookup } from "#contract/tools.ts";
import { Icon } from "#app/components/icons.tsx";
import { isolate, isolateNumbers } from "#app/utils/format.ts";
import { CodeField } from "./code-field.tsx";
import { CODE_REFUSALS } from "./code-refusals.ts";
import type { loadTools } from "./tools.server.ts";

/** What the code was recognised as, in a sentence, and what its button does. */
function useRecognised(found: CodeLookup | undefined): { note: string | null; submit: string; intent: "code" | "bind" } {
  const { t } = useTranslation();
  if (!found) return { note: null, submit: t("tools:code.submit"), intent: "code" };
  if (found.kind === "gift") {
    const note = t("tools:code.gift", { name: isolate(found.owner_name), power: found.power });
    return { note, submit: t("tools:code.openGift"), intent: "code" };
  }
  if (found.kind === "exchange") {
    const note = t("tools:code.exchange", { name: isolate(found.leader_name), joined: found.joined, quota: found.quota });
    return { note, submit: t("tools:code.chooseStone"), intent: "code" };
  }
  const name = isolate(found.inviter_name);
  if (found.own) return { note: t("tools:code.ownInvite"), submit: t("tools:code.submit"), intent: "code" };
  if (!found.can_bind) return { note: t("tools:code.inviteBound", { name }), submit: t("tools:code.submit"), intent: "code" };
  return { note: t("tools:code.invite", { name }), submit: t("tools:code.bind", { name }), intent: "bind" };
}

/**
 * The one field for any code a friend sends (gift, exchange or invite), with or without its
 * prefix. A code from a link arrives looked up: the card says what it is, or why it cannot be
 * used, and its button does the one thing that code is for. Every new page (a used code's
 * redirect included) starts with an empty field.
 */
export function CodeCard() {
  const { t } = useTranslation();
  const { code } = useLoaderData<typeof loadTools>();
  const location = useLocation();
  const busy = useNavigation().formData?.get("code") !== undefined;
  const recognised = useRecognised(code.found);
  return (
    <section className="card" id="code" aria-labelledby="code-title">
      <h2 id="code-title" className="card__title">
        <Icon name="gift" small />
        {t("tools:code.title")}
      </h2>
      <Form method="post" className="form" key={location.key}>
        <CodeField
          id="code-input"
          label={t("tools:code.label")}
          defaultValue={code.found?.code ?? code.typed}
          codes={CODE_REFUSALS}
          loaded={code.refusal}
          note={recognised.note ? <p className="notice notice--info">{isolateNumbers(recognised.note)}</p> : null}
          hint={t("tools:code.hint")}
        />
        <button type="submit" name="intent" value={recognised.intent} className="button button--block" disabled={busy}>
          {recognised.submit}
        </button>
      </Form>
    </section>
  );
}
