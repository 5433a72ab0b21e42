import { useContext, useEffect, useRef, useState, type MutableRefObject, type RefObject } from "react";
import { useTranslation } from "#app/utils/translation.tsx";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";
import { useRouteLoaderData } from "@remix-run/react";
import { isolateNumbers } from "#app/utils/format.ts";
import { toNative } from "#app/utils/native.ts";
import { onToast, type Toast } from "#app/utils/toast.ts";

const SHOW_MS = 6000;

/** The localized text of a toast: a known code's message, else the server's own words. */
export function useToastText(toast: Toast): string {
  return isolateNumbers(useRawToastText(toast));
}

function useRawToastText(toast: Toast): string {
  const { t, i18n } = useTranslation();
  // A key words a refusal with details its code's own text lacks (the limit it went over).
  if (toast.code !== undefined && !toast.key) {
    const key = `errors:${toast.code}`;
    if (i18n.exists(key)) return t(key, toast.params);
    return toast.message || t("errors:unknown", { code: toast.code });
  }
  return toast.key ? t(toast.key, toast.params) : (toast.message ?? "");
}

/**
 * The toast of the last form post, whichever route's action answered it (a refusal that
 * re-renders the page, or a success posted with JavaScript). React Router keeps every
 * route's action data in one state; `useActionData` would only see the caller's own route.
 */
export function useActionToast(): Toast | undefined {
  const actionData = useContext(UNSAFE_DataRouterStateContext)?.actionData;
  for (const value of Object.values(actionData ?? {})) {
    const toast = (value as { toast?: Toast } | null)?.toast;
    if (toast) return toast;
  }
  return undefined;
}

/** The toast the root shows now: the last post's, else the flash one the page came with. */
export function useCurrentToast(): Toast | undefined {
  const flash = (useRouteLoaderData("root") as { toast?: Toast | null } | undefined)?.toast;
  return useActionToast() ?? flash ?? undefined;
}

/**
 * The one toast on screen: rendered on the server (so it shows without JavaScript) and, once
 * hydrated, dismissed after a while or by its button. Errors are alerts, the rest are status.
 * A toast already shown stays closed when it comes back (root data outlives a same-page post),
 * and its event goes to the native app once.
 */
export function Toaster(props: { toast: Toast | null }) {
  const [open, setOpen] = useState(true);
  const keyOf = useToastKeys();
  const pressed = usePressedPlace();
  // A toast raised in the browser (showToast) shows until the next one from the server.
  const [local, setLocal] = useState<Toast | null>(null);
  useEffect(() => onToast(setLocal), []);
  // The root's one toaster starts the native bridge with the page; in a browser nothing loads.
  useEffect(() => toNative(), []);
  useEffect(() => setLocal(null), [props.toast]);
  const toast = local ?? props.toast;
  const seen = useRef(new WeakSet<Toast>());
  useEffect(() => {
    if (!toast) return;
    if (seen.current.has(toast)) {
      setOpen(false);
      return;
    }
    seen.current.add(toast);
    if (toast.event) toNative(toast.event);
    setOpen(true);
    const timer = setTimeout(() => setOpen(false), SHOW_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  return toast && open && !toast.inPage ? (
    <ToastBox key={keyOf(toast)} toast={toast} pressed={pressed} onClose={() => setOpen(false)} />
  ) : null;
}

/** A key for each toast shown, so a new one is measured afresh (and one key for the server's and the hydrated first). */
function useToastKeys(): (toast: Toast) => number {
  const keys = useRef({ of: new WeakMap<Toast, number>(), next: 0 });
  return (toast) => {
    const known = keys.current.of.get(toast);
    if (known !== undefined) return known;
    keys.current.of.set(toast, keys.current.next);
    return keys.current.next++;
  };
}

/**
 * Where the button that sent the last form was: the answer may replace it (a done task), and the
 * user's eyes are still there.
 */
function usePressedPlace(): MutableRefObject<DOMRect | null> {
  const pressed = useRef<DOMRect | null>(null);
  useEffect(() => {
    const note = (event: SubmitEvent) => (pressed.current = event.submitter?.getBoundingClientRect() ?? null);
    document.addEventListener("submit", note, true);
    return () => document.removeEventListener("submit", note, true);
  }, []);
  return pressed;
}

/** Whether a toast at `place` would hide one of `rects`; it slides 8 px into place, so it counts that far either way. */
function hides(place: DOMRect, rects: DOMRect[]): boolean {
  return rects.some((b) => place.left < b.right && b.left < place.right && place.top - 8 < b.bottom && b.top < place.bottom + 8);
}

/**
 * A toast sits at the top. It moves to the bottom when the control the user just used is up
 * there (the button that sent the form, or the one with the focus: a copy button), or when it
 * would hide another control of the page that the bottom leaves clear. Of two places that both
 * hide something, the one clear of the control just used wins: the answer often replaces that
 * very button, and the user's thumb is still there. (Controls out of view, or hidden, meet
 * neither place.) The place is decided once, when the toast shows; React never sets the class
 * again, as the toast's own class names stay the same while it is up.
 */
function useClearOfUsedControl(box: RefObject<HTMLDivElement | null>, pressed: MutableRefObject<DOMRect | null>): void {
  useEffect(() => {
    const toast = box.current!;
    const high = toast.getBoundingClientRect();
    toast.classList.add("toast--low");
    const bottom = toast.getBoundingClientRect();
    const used = [pressed.current, document.querySelector("main :focus")?.getBoundingClientRect()].filter((rect) => rect != null);
    const controls = [...document.querySelectorAll("main :is(a,button,input,select,textarea)")].map((c) => c.getBoundingClientRect());
    toast.classList.toggle("toast--low", hides(high, used) ? !hides(bottom, used) : hides(high, controls) && !hides(bottom, controls));
  }, [box, pressed]);
}

function ToastBox({ toast, pressed, onClose }: { toast: Toast; pressed: MutableRefObject<DOMRect | null>; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useToastText(toast);
  const box = useRef<HTMLDivElement>(null);
  useClearOfUsedControl(box, pressed);
  return (
    <div ref={box} className={`toast toast--${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"}>
      <span className="toast__text">{text}</span>
      <button type="button" className="toast__close" aria-label={t("common:close")} onClick={onClose}>
        ×
      </button>
    </div>
  );
}
