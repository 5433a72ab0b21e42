import { useState } from "react";
import { useTranslation } from "#app/utils/translation.tsx";
import { Icon } from "#app/components/icons.tsx";
import { useCurrentToast } from "#app/components/toaster.tsx";
import { isolate } from "#app/utils/format.ts";
import type { Toast } from "#app/utils/toast.ts";

/** The toast a gift box's opening leaves (`sender`: the owner's name written for the reader): the page reveals it instead of the toaster. */
export function giftOpenedToast(opened: { sender: string; recipient_power: number; joined_team: boolean }): Toast {
  return {
    kind: "success",
    key: "tools:reveal.title",
    params: { name: opened.sender, power: opened.recipient_power, joined: opened.joined_team ? 1 : 0 },
    inPage: true,
  };
}

/**
 * The moment a gift box opens: the box pops, then whose it was and what both gained, until the
 * user closes it or does something else. Announced politely, as a toast would be.
 */
export function GiftReveal() {
  const { t } = useTranslation();
  const toast = useCurrentToast();
  const [closed, setClosed] = useState<Toast>();
  if (!toast?.inPage || toast.key !== "tools:reveal.title" || toast === closed) return null;
  const name = isolate(String(toast.params?.name ?? ""));
  return (
    <section className="card reveal" role="status" aria-labelledby="reveal-title">
      <span className="reveal__box" aria-hidden="true">
        <Icon name="gift" />
      </span>
      <h2 id="reveal-title" className="reveal__title">
        {t("tools:reveal.title", { name })}
      </h2>
      <p className="reveal__power">
        <bdi dir="ltr">+{toast.params?.power}</bdi>
      </p>
      <p>{t("tools:reveal.power", { name, power: toast.params?.power })}</p>
      {toast.params?.joined ? <p>{t("tools:reveal.joined", { name })}</p> : null}
      <button type="button" className="button button--secondary" onClick={() => setClosed(toast)}>
        {t("tools:reveal.done")}
      </button>
    </section>
  );
}
