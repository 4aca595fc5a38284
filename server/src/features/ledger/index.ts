// The ledger's public face: double-entry postings that mirror what the payment provider holds, and
// the check of its invariants. The orders feature posts to it; nothing else writes it.
export { ACCOUNT_PREFIXES, accounts } from "./ledger-accounts.js";
export { checkLedger, type LedgerCheckResult } from "./ledger-check.js";
export { balanceOf, type LedgerEntry, type Posting, post } from "./ledger-repository.js";
