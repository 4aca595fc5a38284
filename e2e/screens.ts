import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { Secret } from "otpauth";
import type { Page } from "playwright-core";
import { openDatabase } from "../server/src/db/database.js";
import { beijingToday } from "../server/src/features/reconciliation/index.js";
import { hashPassword } from "../server/src/lib/secrets.js";
import { signInAs, waitUntilSettled } from "./browser.js";
import { apiCall, type DemoTrades, demoToken, makeDemoTrades, shippedOrder } from "./demo-trades.js";

/** What a screen's address needs: a goods of the demo data, its seller's username and id. */
export interface DemoIds {
  goodsId: string;
  goodsOwner: string;
  goodsOwnerId: string;
  /** Goods bob keeps that got cheaper since (the demo's price cut): his goods page shows 降价 ¥X. */
  cheaperFavoriteId: string;
  /** Trades of the goods' seller with another demo user, made for these screens (demo-trades.ts). */
  trades: DemoTrades;
  /**
   * The demo user the console's screens sign in as, neither the goods' seller nor its reporter. No
   * demo user is a moderator (nor is anyone by default): the screens' server makes this one with
   * `npm run make-moderator` when its data folder is at hand; against BASE_URL the console shows
   * its not-found page.
   */
  moderator: string;
  /**
   * A user with 两步验证 on (password xianzhi123), made in the screens' data folder: the login's
   * second step. Null against BASE_URL, where that screen shows the login form.
   */
  twoStepUser: string | null;
}

const DEMO_USERS = ["alice", "bob", "carol"];

/** One state of one screen, for the accessibility test and the screenshots. */
export interface ScreenState {
  /** A file-name friendly name. */
  name: string;
  /** A demo user (password xianzhi123) to sign in as first, or nobody. */
  user?: (ids: DemoIds) => string;
  path: (ids: DemoIds) => string;
  /** Steps after the page has settled that bring it into this state. */
  reach?: (page: Page, ids: DemoIds) => Promise<void>;
}

/** Presses a button that opens a sheet (its name as Ant Design spaces it: 评 价) and waits until it has opened. */
async function openSheet(page: Page, button: string): Promise<void> {
  await page
    .getByRole("button", { name: new RegExp(`^${[...button].join("\\s*")}$`) })
    .first()
    .click();
  await page.getByRole("dialog").waitFor();
  // The sheet's opening animation, then the focus in its first field.
  await page.waitForTimeout(500);
}

/** The console's first dispute, opened with its 处理: the drawer it opens in. */
async function openFirstDispute(page: Page) {
  await page
    .getByRole("button", { name: /处\s*理/ })
    .first()
    .click();
  const drawer = page.getByRole("dialog", { name: "处理纠纷" });
  await drawer.waitFor();
  return drawer;
}

/** Every screen in every state worth looking at. */
export const SCREEN_STATES: ScreenState[] = [
  { name: "home", path: () => "/" },
  { name: "home-signed-in", user: () => "bob", path: () => "/" },
  {
    name: "home-search-suggestions",
    path: () => "/",
    reach: async (page) => {
      await page.getByRole("combobox", { name: "搜索闲置" }).pressSequentially("手机");
      await page.getByRole("listbox", { name: "搜索建议" }).waitFor();
    },
  },
  { name: "home-following", user: () => "bob", path: () => "/?feed=following" },
  {
    name: "home-filtered",
    path: () => `/?condition=new,like_new&city=${encodeURIComponent("上海")}&maxPrice=5000`,
  },
  { name: "search", path: () => `/search_result?keyword=${encodeURIComponent("手机")}` },
  { name: "search-signed-in", user: () => "bob", path: () => `/search_result?keyword=${encodeURIComponent("手机")}` },
  { name: "search-empty", path: () => `/search_result?keyword=${encodeURIComponent("没有这种东西")}` },
  { name: "goods-info", path: (ids) => `/goodsinfo/${ids.goodsId}` },
  {
    name: "goods-info-buyer",
    user: (ids) => (ids.goodsOwner === "bob" ? "alice" : "bob"),
    path: (ids) => `/goodsinfo/${ids.goodsId}`,
  },
  { name: "goods-info-owner", user: (ids) => ids.goodsOwner, path: (ids) => `/goodsinfo/${ids.goodsId}` },
  {
    name: "goods-info-offer-sheet",
    user: (ids) => ids.trades.buyer,
    path: (ids) => `/goodsinfo/${ids.goodsId}`,
    reach: (page) => openSheet(page, "出价"),
  },
  { name: "user", path: (ids) => `/user/${ids.goodsOwnerId}` },
  {
    name: "user-follow",
    user: (ids) => (ids.goodsOwner === "bob" ? "alice" : "bob"),
    path: (ids) => `/user/${ids.goodsOwnerId}`,
  },
  {
    name: "user-block-confirm",
    user: (ids) => (ids.goodsOwner === "bob" ? "alice" : "bob"),
    path: (ids) => `/user/${ids.goodsOwnerId}`,
    reach: (page) => openSheet(page, "拉黑"),
  },
  {
    name: "goods-info-report-sheet",
    user: (ids) => (ids.goodsOwner === "bob" ? "alice" : "bob"),
    path: (ids) => `/goodsinfo/${ids.goodsId}`,
    reach: (page) => openSheet(page, "举报这件闲置"),
  },
  { name: "user-reviews", path: (ids) => `/user/${ids.goodsOwnerId}?tab=reviews` },
  { name: "user-sold", path: (ids) => `/user/${ids.goodsOwnerId}?tab=sold` },
  { name: "goods-info-price-drop", user: () => "bob", path: (ids) => `/goodsinfo/${ids.cheaperFavoriteId}` },
  { name: "login", path: () => "/login" },
  {
    name: "login-two-step",
    path: () => "/login",
    reach: async (page, ids) => {
      if (!ids.twoStepUser) return;
      await page.getByLabel("用户名", { exact: true }).fill(ids.twoStepUser);
      await page.getByLabel("密码", { exact: true }).fill("xianzhi123");
      await page.getByRole("button", { name: /^登\s*录$/ }).click();
      await page.getByRole("heading", { name: "两步验证" }).waitFor();
    },
  },
  { name: "register", path: () => "/reg" },
  // 新设备登录提醒's link, as the e-mail opens it (a token of no alert: the page asks before it calls).
  { name: "device-alert", path: () => "/device-alert#token=opened-from-the-mail" },
  { name: "post", user: () => "bob", path: () => "/post" },
  { name: "userinfo-goods", user: () => "bob", path: () => "/userinfo" },
  { name: "userinfo-favorites", user: () => "bob", path: () => "/userinfo?tab=favorites" },
  { name: "userinfo-searches", user: () => "bob", path: () => "/userinfo?tab=searches" },
  { name: "userinfo-profile", user: () => "bob", path: () => "/userinfo?tab=profile" },
  { name: "userinfo-security", user: () => "bob", path: () => "/userinfo?tab=security" },
  {
    // The QR code and the secret of a set-up (waiting for its first code: bob signs in as before).
    name: "userinfo-two-step-setup",
    user: () => "bob",
    path: () => "/userinfo?tab=security",
    reach: async (page) => {
      await page.getByRole("button", { name: "开启两步验证" }).click();
      await page.locator("form#two-step-password").getByLabel("当前密码").fill("xianzhi123");
      await page.getByRole("button", { name: "下一步" }).click();
      await page.getByTestId("two-step-secret").waitFor();
      await waitUntilSettled(page);
    },
  },
  {
    // Naming a new passkey, before the device's prompt.
    name: "userinfo-passkey-add",
    user: () => "bob",
    path: () => "/userinfo?tab=security",
    reach: async (page) => {
      await page.getByRole("button", { name: "添加通行密钥" }).click();
      await page.getByLabel("通行密钥名称").waitFor();
      await waitUntilSettled(page);
    },
  },
  { name: "userinfo-blocked", user: () => "bob", path: () => "/userinfo?tab=blocked" },
  { name: "userinfo-notifications", user: () => "bob", path: () => "/userinfo?tab=notifications" },
  { name: "userinfo-bought", user: (ids) => ids.trades.buyer, path: () => "/userinfo?tab=bought" },
  { name: "userinfo-sold", user: (ids) => ids.goodsOwner, path: () => "/userinfo?tab=sold" },
  {
    name: "review-sheet",
    user: (ids) => ids.trades.buyer,
    path: () => "/userinfo?tab=bought",
    reach: (page) => openSheet(page, "评价"),
  },
  { name: "userinfo-addresses", user: () => "bob", path: () => "/userinfo?tab=profile" },
  { name: "checkout", user: (ids) => ids.trades.buyer, path: (ids) => `/checkout/${ids.goodsId}` },
  { name: "sandbox-pay", path: (ids) => ids.trades.unpaidPayUrl },
  { name: "order-buyer", user: (ids) => ids.trades.buyer, path: (ids) => `/orders/${ids.trades.shippedOrderId}` },
  { name: "order-seller", user: (ids) => ids.goodsOwner, path: (ids) => `/orders/${ids.trades.shippedOrderId}` },
  {
    name: "refund-request-sheet",
    user: (ids) => ids.trades.buyer,
    path: (ids) => `/orders/${ids.trades.shippedOrderId}`,
    reach: (page) => openSheet(page, "申请退款"),
  },
  // A 退货退款 the seller refused and the buyer took to the platform.
  { name: "refund-buyer", user: (ids) => ids.trades.buyer, path: (ids) => `/refunds/${ids.trades.disputedRefundId}` },
  { name: "refund-seller", user: (ids) => ids.goodsOwner, path: (ids) => `/refunds/${ids.trades.disputedRefundId}` },
  // A completed sale's money released, the shipped order's still held.
  { name: "earnings", user: (ids) => ids.goodsOwner, path: () => "/earnings" },
  {
    name: "userinfo-payout-account",
    user: (ids) => ids.goodsOwner,
    path: () => "/userinfo?tab=security#payout-account",
    reach: async (page) => {
      const form = page.locator("form#payout-account");
      await form.getByLabel("支付宝账号").fill("13812345678");
      await form.getByLabel("当前密码").fill("not-my-password1");
      await form.getByRole("button", { name: "保存收款账户" }).click();
      await form.getByText("当前密码错误").waitFor();
    },
  },
  { name: "chat", user: () => "bob", path: () => "/chat" },
  // The demo's comments, favourites and price cut have told bob of some things.
  { name: "notifications", user: () => "bob", path: () => "/notifications" },
  {
    name: "chat-offer-buyer",
    user: (ids) => ids.trades.buyer,
    path: (ids) => `/chat?chatId=${ids.trades.offerChatId}`,
  },
  {
    name: "chat-offer-seller",
    user: (ids) => ids.goodsOwner,
    path: (ids) => `/chat?chatId=${ids.trades.offerChatId}`,
  },
  {
    name: "chat-deal",
    user: (ids) => ids.goodsOwner,
    path: (ids) => `/chat?chatId=${ids.trades.reservedChatId}`,
  },
  { name: "admin-reports", user: (ids) => ids.moderator, path: () => "/admin" },
  {
    name: "admin-report-context",
    user: (ids) => ids.moderator,
    path: () => "/admin",
    reach: async (page) => {
      await page
        .getByRole("button", { name: /处\s*理/ })
        .first()
        .click();
      await page.getByRole("dialog").waitFor();
      await waitUntilSettled(page);
    },
  },
  { name: "admin-words", user: (ids) => ids.moderator, path: () => "/admin?tab=words" },
  { name: "admin-log", user: (ids) => ids.moderator, path: () => "/admin?tab=log" },
  // Today compared with the sandbox's books, two of them changed: a release and a stray payment.
  { name: "admin-reconciliation", user: (ids) => ids.moderator, path: () => "/admin?tab=reconciliation" },
  { name: "admin-disputes", user: (ids) => ids.moderator, path: () => "/admin?tab=disputes" },
  {
    name: "admin-dispute",
    user: (ids) => ids.moderator,
    path: () => "/admin?tab=disputes",
    reach: async (page) => {
      await openFirstDispute(page);
      await waitUntilSettled(page);
    },
  },
  {
    // 身份验证 before money moves by a moderator's word: asked for, never given here.
    name: "admin-proof-dialog",
    user: (ids) => ids.moderator,
    path: () => "/admin?tab=disputes",
    reach: async (page) => {
      const drawer = await openFirstDispute(page);
      await drawer.getByText("全额退款", { exact: true }).click();
      await drawer.getByLabel("裁决理由").fill("卖家未能举证");
      await drawer.getByRole("button", { name: "提交裁决" }).click();
      await page.getByRole("dialog", { name: "确认裁决？" }).getByRole("button", { name: "确认裁决" }).click();
      await page.getByRole("dialog", { name: "验证身份" }).getByLabel("当前密码").waitFor();
      await waitUntilSettled(page);
    },
  },
  {
    name: "chat-conversation",
    user: () => "bob",
    path: () => "/chat",
    reach: async (page) => {
      await page.locator(".chat_chat-list__item").first().click();
      await page.getByLabel("输入消息").waitFor();
      await waitUntilSettled(page);
    },
  },
];

/**
 * The demo goods the screens show, its seller, and the trades made for the screens of offers,
 * deals, reviews, orders and 我的收入 (once per server: they change its data).
 */
export async function demoIds(baseUrl: string, dataDir?: string): Promise<DemoIds> {
  const list = await (await fetch(`${baseUrl}/api/goods/getlist?pageSize=1`)).json();
  const goodsId = String(list.data.list[0].id);
  const detail = await (await fetch(`${baseUrl}/api/goods/info/${goodsId}`)).json();
  const owner = { username: detail.data.seller.username as string, id: detail.data.seller.id as string };
  const cheaperFavoriteId = await cheaperFavoriteOfBob(baseUrl);
  const tradeBuyer = owner.username === "carol" ? "alice" : "carol";
  const reporter = owner.username === "bob" ? "alice" : "bob";
  const moderator = DEMO_USERS.find((user) => user !== owner.username && user !== reporter) ?? "carol";
  if (dataDir) await openModerationScreens(baseUrl, dataDir, { moderator, reporter, goodsId });
  const spare = [goodsId, cheaperFavoriteId];
  const saleId = await completedSale(baseUrl, owner, tradeBuyer, spare);
  if (dataDir) await reconciledWithMismatches(dataDir, saleId);
  return {
    moderator,
    twoStepUser: dataDir ? await userWithTwoStep(dataDir) : null,
    goodsId,
    goodsOwner: owner.username,
    goodsOwnerId: owner.id,
    cheaperFavoriteId,
    trades: await makeDemoTrades(baseUrl, owner, tradeBuyer, spare),
  };
}

/**
 * Goods of `seller` (not one of `spare`) bought by `buyer` with protection, 快递 to the buyer's
 * demo address, paid on the sandbox's page (its webhook comes a moment later), shipped and received:
 * the sale 我的收入 shows released. The last of the seller's goods, so the trades' screens show the
 * goods they showed before.
 */
async function completedSale(
  baseUrl: string,
  seller: { username: string; id: string },
  buyer: string,
  spare: string[],
): Promise<string> {
  const [sellerToken, buyerToken] = await Promise.all([demoToken(baseUrl, seller.username), demoToken(baseUrl, buyer)]);
  const onSale = await apiCall(baseUrl, sellerToken, "GET", `/user/${seller.id}/goods?status=on_sale&pageSize=50`);
  const goods = (onSale.list as { id: string; status: string }[])
    .filter((item) => item.status === "on_sale" && !spare.includes(item.id))
    .at(-1);
  if (!goods) throw new Error("the demo seller has no goods on sale to sell");
  const orderId = await shippedOrder(baseUrl, sellerToken, buyerToken, goods.id);
  await apiCall(baseUrl, buyerToken, "POST", `/orders/${orderId}/confirm`);
  return orderId;
}

async function cheaperFavoriteOfBob(baseUrl: string): Promise<string> {
  const token = await demoToken(baseUrl, "bob");
  const favorites: { list: { id: string; priceDropCents: number }[] } = await apiCall(
    baseUrl,
    token,
    "GET",
    "/fav?pageSize=100",
  );
  const cheaper = favorites.list.find((goods) => goods.priceDropCents > 0);
  if (!cheaper) throw new Error("the demo data has no favourite of bob's that got cheaper");
  return cheaper.id;
}

/** Signs in as the state's user (if any), opens the screen and brings it into its state. */
export async function openScreenState(page: Page, baseUrl: string, state: ScreenState, ids: DemoIds): Promise<void> {
  const user = state.user?.(ids);
  if (user) await signInAs(page, baseUrl, user, "xianzhi123");
  await page.goto(`${baseUrl}${state.path(ids)}`);
  await waitUntilSettled(page);
  await state.reach?.(page, ids);
}

/** Makes the demo moderator the way an operator would, and gives the console's queue a report to show. */
async function openModerationScreens(
  baseUrl: string,
  dataDir: string,
  { moderator, reporter, goodsId }: { moderator: string; reporter: string; goodsId: string },
) {
  await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "--conditions=source", "server/commands/make-moderator.ts", moderator],
    // The screens' server is SQLite in its data folder, whatever the shell's DATABASE_URL says.
    { env: { ...withoutDatabaseUrl(process.env), DATA_DIR: dataDir } },
  );
  const token = await demoToken(baseUrl, reporter);
  await apiCall(baseUrl, token, "POST", "/reports", {
    targetType: "goods",
    targetId: goodsId,
    reason: "counterfeit",
    text: "图片是网上找的，怀疑不是正品",
  });
}

/**
 * The console's 对账 with something to show: the sandbox's books of today disagree with the ledger
 * on the completed sale's release (paid out ¥10 less) and on a payment no order has, and today is
 * compared the way an operator would, with `npm run ledger:reconcile` (exit 1: a mismatch).
 */
async function reconciledWithMismatches(dataDir: string, saleId: string) {
  const db = openDatabase({ sqliteFile: path.join(dataDir, "xianzhi.db") });
  const now = new Date().toISOString();
  try {
    const order = await db
      .selectFrom("orders")
      .select("paymentRef")
      .where("id", "=", Number(saleId))
      .executeTakeFirstOrThrow();
    const release = await db
      .selectFrom("sandboxOperations")
      .innerJoin("sandboxPayments", "sandboxPayments.id", "sandboxOperations.paymentId")
      .select(["sandboxOperations.key", "sandboxOperations.amountCents"])
      .where("sandboxPayments.merchantRef", "=", order.paymentRef)
      .where("sandboxOperations.kind", "=", "release")
      .executeTakeFirst();
    if (release) {
      await db
        .updateTable("sandboxOperations")
        .set({ amountCents: release.amountCents - 1_000 })
        .where("key", "=", release.key)
        .execute();
    }
    await db
      .insertInto("sandboxPayments")
      .values({
        id: "screens-stray-payment",
        merchantRef: `XZ${beijingToday().replaceAll("-", "")}STRAY0001`,
        subject: "不明付款",
        amountCents: 12_345,
        status: "succeeded",
        heldCents: 12_345,
        mode: "normal",
        returnUrl: "/",
        createdAt: now,
        paidAt: now,
      })
      .execute();
  } finally {
    await db.destroy();
  }
  await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "--conditions=source", "server/commands/ledger-reconcile.ts", "--date", beijingToday()],
    { env: { ...withoutDatabaseUrl(process.env), DATA_DIR: dataDir } },
  ).catch((error: { code?: number }) => {
    if (error.code !== 1) throw error;
  });
}

/** A user of the screens' own, with 两步验证 on: made once per data folder, straight in its database. */
async function userWithTwoStep(dataDir: string): Promise<string> {
  const username = "screens_2fa";
  const db = openDatabase({ sqliteFile: path.join(dataDir, "xianzhi.db") });
  try {
    const now = new Date().toISOString();
    const user = await db
      .insertInto("users")
      .values({
        username,
        usernameLower: username,
        email: "screens_2fa@example.com",
        passwordHash: await hashPassword("xianzhi123"),
        nickname: "两步验证用户",
        avatarUrl: null,
        bio: "",
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (user) {
      await db
        .insertInto("twoStepSecrets")
        .values({ userId: user.id, secret: new Secret({ size: 20 }).base32, createdAt: now, enabledAt: now })
        .execute();
    }
  } finally {
    await db.destroy();
  }
  return username;
}

function withoutDatabaseUrl(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = env;
  return rest;
}
