import { expect, test, vi } from "vitest";

// A toast shown before the page's Toaster listens (the page still hydrating, as when the native
// app's back key is pressed while it loads) is shown once the Toaster starts, not lost.
test("toasts shown before the Toaster listens reach it when it starts; later ones go straight to it", async () => {
  vi.stubGlobal("window", new EventTarget());
  const { onToast, showToast } = await import("#app/utils/toast.ts");
  showToast({ kind: "info", key: "common:native.backAgain" });
  showToast({ kind: "success", key: "common:copied" });

  const seen: string[] = [];
  const stop = onToast((toast) => seen.push(toast.key!));
  expect(seen).toEqual(["common:native.backAgain", "common:copied"]);
  showToast({ kind: "info", key: "later" });
  expect(seen).toEqual(["common:native.backAgain", "common:copied", "later"]);

  // Shown once: a second Toaster (the page's next render) does not get them again.
  const again: string[] = [];
  const stopAgain = onToast((toast) => again.push(toast.key!));
  expect(again).toEqual([]);
  stopAgain();
  stop();

  // With no Toaster at all, the next one waits again.
  showToast({ kind: "info", key: "while away" });
  const back: string[] = [];
  onToast((toast) => back.push(toast.key!));
  expect(back).toEqual(["while away"]);
  vi.unstubAllGlobals();
});
