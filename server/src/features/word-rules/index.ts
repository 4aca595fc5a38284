// The word-rules module's public face: the moderators' word list as the texts people write meet it
// (refused, or held for review), read once per process and refreshed. It sits below goods, which
// holds or refuses a posting by it, and moderation, where the list is edited: goods no longer
// imports moderation for it.
export type { WordRuleSet } from "./word-rules.js";
export { RULES_TTL_MS, WordRules } from "./word-rules.js";
