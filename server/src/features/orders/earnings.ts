import {
  type EarningsFigures,
  type EarningsOrder,
  type EarningsPage,
  EarningsPageSchema,
  type GoodsStatus,
  type OrderStatus,
  type PageQuery,
  PageQuerySchema,
} from "@xianzhi/contract";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { pageWindow } from "../../lib/paging.js";
import { userOf } from "../../plugins/auth.js";
import { type Deps, serviceDeps } from "../../services.js";
import { coverThumbUrls } from "../pictures/index.js";
import * as repo from "./earnings-repository.js";
import { payoutAccountOf } from "./payout-account.js";

const toFigures = (row: repo.LedgerFigures): EarningsFigures => ({
  heldCents: Number(row.held),
  releasedCents: Number(row.released),
  refundedCents: Number(row.refunded),
  feeCents: Number(row.fee),
});

const NOTHING: EarningsFigures = { heldCents: 0, releasedCents: 0, refundedCents: 0, feeCents: 0 };

const WAITING_WORDS: Record<NonNullable<EarningsOrder["waitingFor"]>, string> = {
  payout_account: "请先设置收款账户（支付宝），设置后货款会自动打给你",
  provider: "支付机构处理中，稍后会自动重试",
};

/**
 * What money the order owes the seller waits for: a payout account where the provider pays
 * sellers to one, else the provider (the settle job retries).
 */
async function waitingFor(
  { db, payments }: Deps<"db" | "payments">,
  sellerId: number,
  settlement: string | null,
): Promise<EarningsOrder["waitingFor"]> {
  if (settlement !== "release") return null;
  if (payments.name === "alipay" && (await payoutAccountOf(db, sellerId)) === null) return "payout_account";
  return "provider";
}

/**
 * 我的收入: the seller's paid orders, newest first, each with what the ledger says of its money,
 * and the totals over all of them, from the same postings, so they match the ledger to the fen.
 */
export async function earningsPage(
  deps: Deps<"db" | "payments">,
  sellerId: number,
  query: PageQuery,
): Promise<EarningsPage> {
  const { db } = deps;
  const [rows, total, totals] = await Promise.all([
    repo.paidOrdersOf(db, sellerId, pageWindow(query)),
    repo.countPaidOrdersOf(db, sellerId),
    repo.sellerTotals(db, sellerId),
  ]);
  const goodsIds = rows.flatMap((row) => (row.goodsId === null ? [] : [row.goodsId]));
  const [figures, covers] = await Promise.all([
    repo.figuresByOrder(
      db,
      rows.map((row) => row.id),
    ),
    coverThumbUrls(db, goodsIds),
  ]);
  const byOrder = new Map(figures.map((row) => [row.orderId, toFigures(row)]));
  const list: EarningsOrder[] = [];
  for (const row of rows) {
    const waiting = await waitingFor(deps, sellerId, row.settlement);
    list.push({
      ...(byOrder.get(row.id) ?? NOTHING),
      orderId: String(row.id),
      goods: {
        id: String(row.goodsId ?? 0),
        title: row.goodsTitle,
        priceCents: row.priceCents,
        coverUrl: row.goodsId === null ? null : (covers.get(row.goodsId) ?? null),
        status: (row.goodsStatus ?? "sold") as GoodsStatus,
      },
      status: row.status as OrderStatus,
      priceCents: row.priceCents,
      paidAt: row.paidAt as string,
      completedAt: row.completedAt,
      waitingFor: waiting,
      waiting: waiting && WAITING_WORDS[waiting],
    });
  }
  return { totals: toFigures(totals), list, total, page: query.page, pageSize: query.pageSize };
}

const route = apiRoutes("orders");

export const earningsRoutes: ApiRoutes = async (app) => {
  app.get(
    "/user/earnings",
    route.user({
      example: { as: "alice" },
      summary: "我的收入: the caller's protected sales and what became of their money, per order and in total",
      query: PageQuerySchema,
      answer: EarningsPageSchema,
    }),
    async (req) => ok(await earningsPage(serviceDeps(app, req), userOf(req).userId, req.query)),
  );
};
