/** What other features use of safety (reports and blocks): whether someone is blocked. */
export { useIsBlocked } from "./use-block-state";
