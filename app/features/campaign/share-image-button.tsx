import type { MouseEvent, ReactNode } from "react";
import { useHydrated } from "#app/utils/hydrated.ts";
import { showToast } from "#app/utils/toast.ts";

/**
 * Shares the share image itself with the link (the phone's share sheet, where it takes files),
 * else the link alone, else copies the link. Needs JavaScript: without it the page offers the
 * save link and the link's text instead.
 */
export function ShareImageButton(props: { image: string; url: string; className?: string; children: ReactNode }) {
  if (!useHydrated()) return null;
  const share = async (event: MouseEvent) => {
    event.preventDefault();
    try {
      const blob = await (await fetch(props.image)).blob();
      const file = new File([blob], "vv-citizen.png", { type: "image/png" });
      if (navigator.canShare?.({ files: [file] })) return await navigator.share({ files: [file], url: props.url });
      if (navigator.share) return await navigator.share({ url: props.url });
    } catch (error) {
      // The user closed the share sheet: nothing to say.
      if ((error as Error).name === "AbortError") return;
    }
    await navigator.clipboard?.writeText(props.url).then(
      () => showToast({ kind: "success", key: "campaign:approved.copied" }),
      () => undefined,
    );
  };
  return (
    <button type="button" className={props.className} onClick={share}>
      {props.children}
    </button>
  );
}
