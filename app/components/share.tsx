import type { MouseEvent, ReactNode } from "react";
import { useHydrated } from "#app/utils/hydrated.ts";
import { showToast } from "#app/utils/toast.ts";

/** The clipboard API, or, where the browser refuses it (older webviews), a selected textarea. */
async function writeClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.className = "visually-hidden";
    document.body.append(area);
    area.select();
    const copied = document.execCommand("copy");
    area.remove();
    return copied;
  }
}

async function copy(text: string, copiedKey: string): Promise<void> {
  if (await writeClipboard(text)) showToast({ kind: "success", key: copiedKey });
}

/**
 * Shares a link with the phone's share sheet (Web Share API), or copies it where there is
 * none. Without JavaScript it is a plain link to `fallbackHref`, a page that shows the link.
 */
export function ShareLink(props: { url: string; fallbackHref: string; copiedKey: string; className?: string; children: ReactNode }) {
  const share = async (event: MouseEvent) => {
    event.preventDefault();
    if (navigator.share) await navigator.share({ url: props.url }).catch(() => undefined);
    else await copy(props.url, props.copiedKey);
  };
  return (
    <a href={props.fallbackHref} className={props.className} onClick={share}>
      {props.children}
    </a>
  );
}

/** Copies `text` and says so in a toast; shown only once JavaScript runs (it needs the clipboard). */
export function CopyButton(props: { text: string; copiedKey: string; className?: string; children: ReactNode }) {
  if (!useHydrated()) return null;
  return (
    <button type="button" className={props.className} onClick={() => void copy(props.text, props.copiedKey)}>
      {props.children}
    </button>
  );
}
