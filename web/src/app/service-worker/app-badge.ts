import { useEffect } from "react";

/** The unread count on the installed app's icon, where the platform shows one (Badging API). */
export function useAppBadge(count: number): void {
  useEffect(() => {
    if (typeof navigator === "undefined" || !("setAppBadge" in navigator)) return;
    const done = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge();
    // Refused outside an installed app on some platforms: the counts in the app stay.
    done.catch(() => undefined);
  }, [count]);
}
