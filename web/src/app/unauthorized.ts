import type { ApiError } from "./api-error";
import type { FailedCall } from "./base-query";
import { UI } from "./constants";

interface UnauthorizedEffects {
  signOut(): void;
  toast(text: string): void;
  goToLogin(from: string): void;
  currentPath(): string;
  /** Whether the screen showing is for signed-in users only. */
  onGuardedScreen(): boolean;
}

/**
 * What a 401 does (product spec, section 8): the token goes, a message says to sign in again, and
 * 1.5 s later the login page opens. Several 401s at once redirect once. A public page that was
 * only loading its data with a stale token stays: the visitor just sees it signed out.
 */
export function createUnauthorizedHandler(
  effects: UnauthorizedEffects,
  delayMs: number = UI.redirectAfterUnauthorizedMs,
) {
  let redirecting = false;
  return (error: ApiError, call: FailedCall) => {
    effects.signOut();
    if (redirecting) return;
    if (!call.userAction && !effects.onGuardedScreen()) return;
    redirecting = true;
    effects.toast(error.msg);
    const from = effects.currentPath();
    setTimeout(() => {
      redirecting = false;
      if (!from.startsWith("/login")) effects.goToLogin(from);
    }, delayMs);
  };
}
