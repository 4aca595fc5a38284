// The suspensions module's public face: what a suspension means once a moderator has set it (a
// sign-in refused with its end and reason; the seller's goods back when it ends, at sign-in or by
// the periodic purge). It sits below accounts, whose sign-in asks it, and moderation, which
// suspends (moderation/suspensions.ts): accounts no longer imports moderation for it.
export { liftEndedSuspensions, refuseSuspended } from "./suspensions.js";
