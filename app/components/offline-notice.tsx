import { useEffect, useState } from "react";
import { Toaster } from "./toaster.tsx";

/** Tells the user when the phone has lost its connection, before a form post fails. */
export function OfflineNotice() {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return offline ? <Toaster toast={{ kind: "error", key: "errors:offline" }} /> : null;
}
