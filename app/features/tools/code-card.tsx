import { Form, useFetcher, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { isWholeCode } from "#contract/codes.ts";
import { useTranslation } from "#app/utils/translation.tsx";
import type { CodeLookup } from "#contract/tools.ts";
import type { Toast } from "#app/utils/toast.ts";
import { Icon } from "#app/components/icons.tsx";
import { usePersonName } from "#app/components/person.tsx";
import { isolate, isolateNumbers } from "#app/utils/format.ts";
import { CodeField } from "./code-field.tsx";
import { CODE_REFUSALS } from "./code-refusals.ts";
import type { loadCodeLookup, loadTools } from "./tools.server.ts";

/** What the code was recognised as, in a sentence, and what its button does. */
function useRecognised(found: CodeLookup | undefined): { note: string | null; submit: string; intent: "code" | "bind" } {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  if (!found) return { note: null, submit: t("tools:code.submit"), intent: "code" };
  if (found.kind === "gift") {
    const note = t("tools:code.gift", {
      name: isolate(nameOf({ nickname: found.owner_nickname, alias: found.owner_alias })),
      power: found.power,
    });
    return { note, submit: t("tools:code.openGift"), intent: "code" };
  }
  if (found.kind === "exchange") {
    const note = t("tools:code.exchange", {
      name: isolate(nameOf({ nickname: found.leader_nickname, alias: found.leader_alias })),
      joined: found.joined,
      quota: found.quota,
    });
    return { note, submit: t("tools:code.chooseStone"), intent: "code" };
  }
  const name = isolate(nameOf({ nickname: found.inviter_nickname, alias: found.inviter_alias }));
  if (found.own) return { note: t("tools:code.ownInvite"), submit: t("tools:code.submit"), intent: "code" };
  if (!found.can_bind) return { note: t("tools:code.inviteBound", { name }), submit: t("tools:code.submit"), intent: "code" };
  return { note: t("tools:code.invite", { name }), submit: t("tools:code.bind", { name }), intent: "bind" };
}

/** What the card says about the code in the field: what it is, or why it cannot be used. */
type Shown = { found?: CodeLookup; refusal?: Toast };

/**
 * With JavaScript, a code is looked up as soon as it is whole (pasted, or its last character
 * typed), so the card says what it is before it is sent. `current` is the answer for what the
 * field holds now: nothing while it holds anything else, the loader's until the user types.
 */
function useLiveLookup(page: string): { current: Shown | undefined; lookUp: (value: string) => void } {
  const fetcher = useFetcher<typeof loadCodeLookup>();
  const [typed, setTyped] = useState<{ page: string; value: string } | null>(null);
  const asked = useRef("");
  const lookUp = (value: string) => {
    setTyped({ page, value });
    if (!isWholeCode(value) || asked.current === value) return;
    asked.current = value;
    fetcher.load(`/tools/code?code=${encodeURIComponent(value)}`);
  };
  if (!typed || typed.page !== page) return { current: undefined, lookUp };
  const answered = fetcher.state === "idle" && asked.current === typed.value && fetcher.data;
  return { current: answered ? fetcher.data : {}, lookUp };
}

/**
 * The one field for any code a friend sends (gift, exchange or invite), with or without its
 * prefix. A code from a link arrives looked up: the card says what it is, or why it cannot be
 * used, and its button does the one thing that code is for. Every new page (a used code's
 * redirect included) starts with an empty field.
 */
export function CodeCard() {
  const { t } = useTranslation();
  const { code: loaded } = useLoaderData<typeof loadTools>();
  const location = useLocation();
  const busy = useNavigation().formData?.get("code") !== undefined;
  const live = useLiveLookup(location.key);
  const code = live.current ?? loaded;
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
          defaultValue={loaded.found?.code ?? loaded.typed}
          codes={CODE_REFUSALS}
          loaded={code.refusal}
          onValue={live.lookUp}
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
