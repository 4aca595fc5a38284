import type { ApiError } from "./api-error";
import { UI } from "./constants";

interface UnauthorizedEffects {
  signOut(): void;
  toast(text: string): void;
  goToLogin(from: string): void;
  currentPath(): string;
}

/**
 * What a 401 does (product spec, section 8): the token goes, a message says to sign in again, and
 * 1.5 s later the login page opens. Several 401s at once redirect once.
 */
export function createUnauthorizedHandler(
  effects: UnauthorizedEffects,
  delayMs: number = UI.redirectAfterUnauthorizedMs,
) {
  let redirecting = false;
  return (error: ApiError) => {
    effects.signOut();
    if (redirecting) return;
    redirecting = true;
    effects.toast(error.msg);
    const from = effects.currentPath();
    setTimeout(() => {
      redirecting = false;
      if (!from.startsWith("/login")) effects.goToLogin(from);
    }, delayMs);
  };
}
