import type { ReconciliationDay, ReconciliationList, ReconciliationProblem } from "@xianzhi/contract";
import { uniqueViolation } from "../../db/errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import {
  beijingDayWindow,
  MOVEMENT_KINDS,
  type MovementKind,
  type StatementEntry,
  StatementNotReady,
} from "../payments/index.js";
import * as repo from "./reconciliation-repository.js";

export interface Mismatch {
  kind: MovementKind;
  paymentRef: string;
  problem: ReconciliationProblem;
  ledgerCents: number | null;
  providerCents: number | null;
}

export interface ReconcileResult {
  day: string;
  provider: string;
  outcome: "done" | "no_statement";
  matched: number;
  mismatches: Mismatch[];
  /** Kinds the provider's bill does not list: not compared, and said so. */
  uncheckedKinds: MovementKind[];
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isDay(text: string): boolean {
  return DAY_PATTERN.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00+08:00`)) && dayAfter(text, 0) === text;
}

/** The Beijing day `days` after `day` (before, when negative). */
export function dayAfter(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/** The day it is now in Beijing, whose bills the provider cuts. */
export function beijingToday(now = Date.now()): string {
  return new Date(now + 8 * 3600 * 1000).toISOString().slice(0, 10);
}

const keyOf = (movement: { kind: MovementKind; paymentRef: string }) => `${movement.kind} ${movement.paymentRef}`;

/** Amounts by movement: a movement listed twice counts twice, so a doubled line shows as a difference. */
function totalsByKey(movements: { kind: MovementKind; paymentRef: string; amountCents: number }[]) {
  const totals = new Map<string, { kind: MovementKind; paymentRef: string; amountCents: number }>();
  for (const movement of movements) {
    const seen = totals.get(keyOf(movement));
    if (seen) seen.amountCents += movement.amountCents;
    else
      totals.set(keyOf(movement), {
        kind: movement.kind,
        paymentRef: movement.paymentRef,
        amountCents: movement.amountCents,
      });
  }
  return totals;
}

/**
 * What the ledger recorded on the day that the provider's bill of the day does not list, and the
 * bills of the days either side do not either: a payment made just before midnight is recorded
 * when its webhook comes, which may be the next day.
 */
async function unlistedByProvider(
  { db, payments }: Deps<"db" | "payments">,
  day: string,
  listed: Map<string, unknown>,
): Promise<Mismatch[]> {
  const { from, to } = beijingDayWindow(day);
  const recorded = [
    ...totalsByKey(await repo.ledgerMovementsBetween(db, from, to, payments.statementKinds)).values(),
  ].filter((movement) => !listed.has(keyOf(movement)));
  if (recorded.length === 0) return [];
  const neighbours = await Promise.all([
    statementIfReady(payments, dayAfter(day, -1)),
    statementIfReady(payments, dayAfter(day, 1)),
  ]);
  const near = new Set(neighbours.flatMap((entries) => entries ?? []).map(keyOf));
  return recorded
    .filter((movement) => !near.has(keyOf(movement)))
    .map((movement) => ({
      kind: movement.kind,
      paymentRef: movement.paymentRef,
      problem: "missing_at_provider",
      ledgerCents: movement.amountCents,
      providerCents: null,
    }));
}

/** A neighbouring day's bill; none yet (the next day's, this morning) lists nothing. */
async function statementIfReady(payments: Deps<"payments">["payments"], day: string) {
  try {
    return await payments.statement(day);
  } catch (error) {
    if (error instanceof StatementNotReady) return null;
    throw error;
  }
}

/** Each movement of the provider's bill against the ledger's record of it, whenever recorded. */
async function comparedWithLedger({ db, payments }: Deps<"db" | "payments">, statement: StatementEntry[]) {
  const provided = totalsByKey(statement);
  const recorded = totalsByKey(
    await repo.ledgerMovementsOf(
      db,
      statement.map((entry) => entry.paymentRef),
      payments.statementKinds,
    ),
  );
  const mismatches: Mismatch[] = [];
  let matched = 0;
  for (const [key, entry] of provided) {
    const ledger = recorded.get(key);
    if (ledger?.amountCents === entry.amountCents) matched += 1;
    else {
      mismatches.push({
        kind: entry.kind,
        paymentRef: entry.paymentRef,
        problem: ledger ? "amount_differs" : "missing_in_ledger",
        ledgerCents: ledger?.amountCents ?? null,
        providerCents: entry.amountCents,
      });
    }
  }
  return { provided, matched, mismatches };
}

/**
 * The provider's bill of the day. A day it has no bill of is one without movements at the
 * provider: if the ledger has none either, there is nothing to compare; if it has some, the bill
 * is not cut yet, and StatementNotReady says to come back later.
 */
async function statementOf({ db, payments }: Deps<"db" | "payments">, day: string) {
  try {
    return await payments.statement(day);
  } catch (error) {
    if (!(error instanceof StatementNotReady)) throw error;
    const { from, to } = beijingDayWindow(day);
    if ((await repo.ledgerMovementsBetween(db, from, to, payments.statementKinds)).length > 0) throw error;
    return [];
  }
}

/**
 * Compares a Beijing day's bill from the payment provider with the ledger: every payment, refund
 * and release the bill lists matched by payment number, kind and amount, and stored as the day's
 * result (a day compared again keeps its newest result). Where the provider offers no bill, the
 * day says so; kinds its bill does not list are named as not compared.
 */
export async function reconcileDay(deps: Deps<"db" | "payments" | "log">, day: string): Promise<ReconcileResult> {
  const { payments } = deps;
  const statement = await statementOf(deps, day);
  const base = { day, provider: payments.name, matched: 0, mismatches: [] };
  let result: ReconcileResult;
  if (statement === null) {
    result = { ...base, outcome: "no_statement", uncheckedKinds: [...MOVEMENT_KINDS] };
  } else {
    const compared = await comparedWithLedger(deps, statement);
    const unlisted = await unlistedByProvider(deps, day, compared.provided);
    result = {
      ...base,
      outcome: "done",
      matched: compared.matched,
      mismatches: [...compared.mismatches, ...unlisted],
      uncheckedKinds: MOVEMENT_KINDS.filter((kind) => !payments.statementKinds.includes(kind)),
    };
  }
  await save(deps, result);
  if (result.mismatches.length > 0) {
    deps.log.warn({ day, mismatches: result.mismatches.length }, "the payment provider's bill and the ledger disagree");
  }
  return result;
}

async function save({ db }: Deps<"db">, result: ReconcileResult): Promise<void> {
  try {
    await db.transaction().execute((tx) =>
      repo.saveReconciliation(
        tx,
        {
          day: result.day,
          provider: result.provider,
          outcome: result.outcome,
          matched: result.matched,
          mismatched: result.mismatches.length,
          uncheckedKinds: result.uncheckedKinds.join(" "),
          ranAt: nowIso(),
        },
        result.mismatches,
      ),
    );
  } catch (error) {
    // Another run saved the same day at the same moment: its comparison of the same books stands.
    if (uniqueViolation(error) === null) throw error;
  }
}

/**
 * The daily job: yesterday's bill (Beijing time), once it is complete, if no run has compared it
 * yet. A bill the provider has not cut yet is waited for: the next run asks again.
 */
export async function reconcileYesterday(deps: Deps<"db" | "payments" | "log">): Promise<ReconcileResult | null> {
  const yesterday = dayAfter(beijingToday(), -1);
  if (await repo.isReconciled(deps.db, yesterday)) return null;
  try {
    return await reconcileDay(deps, yesterday);
  } catch (error) {
    if (!(error instanceof StatementNotReady)) throw error;
    deps.log.info({ day: yesterday }, "the payment provider's bill of the day is not ready yet");
    return null;
  }
}

const RECENT_DAYS = 30;

/** The moderators' console: the newest reconciled days, each with what did not match. */
export async function recentReconciliations({ db }: Deps<"db">): Promise<ReconciliationList> {
  const { rows, mismatches } = await repo.recentReconciliations(db, RECENT_DAYS);
  return rows.map(
    (row): ReconciliationDay => ({
      day: row.day,
      provider: row.provider,
      outcome: row.outcome as ReconciliationDay["outcome"],
      matched: row.matched,
      mismatched: row.mismatched,
      uncheckedKinds: row.uncheckedKinds.split(" ").filter((kind): kind is MovementKind => kind !== ""),
      ranAt: row.ranAt,
      mismatches: mismatches
        .filter((mismatch) => mismatch.day === row.day)
        .map((mismatch) => ({
          kind: mismatch.kind as MovementKind,
          paymentRef: mismatch.paymentRef,
          orderId: mismatch.orderId === null ? null : String(mismatch.orderId),
          problem: mismatch.problem as ReconciliationProblem,
          ledgerCents: mismatch.ledgerCents,
          providerCents: mismatch.providerCents,
        })),
    }),
  );
}

/** What /metrics shows: the mismatches the console lists, so an alert on it lasts until they are dealt with. */
export function listedMismatchCount({ db }: Deps<"db">): Promise<number> {
  return repo.recentMismatchCount(db, RECENT_DAYS);
}
