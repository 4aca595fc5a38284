import type { ReconciliationDay, ReconciliationList, ReconciliationProblem } from "@xianzhi/contract";
import { uniqueViolation } from "../../db/errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import { beijingDayWindow, type MovementKind, type StatementEntry } from "../payments/index.js";
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
  const recorded = [...totalsByKey(await repo.ledgerMovementsBetween(db, from, to)).values()].filter(
    (movement) => !listed.has(keyOf(movement)),
  );
  if (recorded.length === 0) return [];
  const neighbours = await Promise.all([payments.statement(dayAfter(day, -1)), payments.statement(dayAfter(day, 1))]);
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

/** Each movement of the provider's bill against the ledger's record of it, whenever recorded. */
async function comparedWithLedger(db: Deps<"db">["db"], statement: StatementEntry[]) {
  const provided = totalsByKey(statement);
  const recorded = totalsByKey(
    await repo.ledgerMovementsOf(
      db,
      statement.map((entry) => entry.paymentRef),
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
 * Compares a Beijing day's bill from the payment provider with the ledger: every payment, refund
 * and release matched by payment number, kind and amount, and stored as the day's result (a day
 * compared again keeps its newest result). Where the provider offers no bill, the day says so.
 */
export async function reconcileDay(deps: Deps<"db" | "payments" | "log">, day: string): Promise<ReconcileResult> {
  const { db, payments } = deps;
  const statement = await payments.statement(day);
  let result: ReconcileResult;
  if (statement === null) {
    result = { day, provider: payments.name, outcome: "no_statement", matched: 0, mismatches: [] };
  } else {
    const compared = await comparedWithLedger(db, statement);
    const unlisted = await unlistedByProvider(deps, day, compared.provided);
    result = {
      day,
      provider: payments.name,
      outcome: "done",
      matched: compared.matched,
      mismatches: [...compared.mismatches, ...unlisted],
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

/** The daily job: yesterday's bill (Beijing time), once it is complete, if no run has compared it yet. */
export async function reconcileYesterday(deps: Deps<"db" | "payments" | "log">): Promise<ReconcileResult | null> {
  const yesterday = dayAfter(beijingToday(), -1);
  if (await repo.isReconciled(deps.db, yesterday)) return null;
  return reconcileDay(deps, yesterday);
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
