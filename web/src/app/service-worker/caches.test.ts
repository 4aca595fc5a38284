import { describe, expect, it } from "vitest";
import { isKeptRead } from "./caches";

describe("the answers kept for offline", () => {
  it("are those of goods, lists, sellers' pages, favourites, chats, notifications and orders", () => {
    for (const path of [
      "/api/goods/getlist",
      "/api/goods/search/list",
      "/api/goods/info/42",
      "/api/goods/following",
      "/api/goodscomment/getlist/42",
      "/api/user/7/profile",
      "/api/user/7/goods",
      "/api/user/7/reviews",
      "/api/fav/",
      "/api/mychatlist/getlist",
      "/api/chat/getlist",
      "/api/notifications",
      "/api/orders",
      "/api/orders/ord_1",
    ]) {
      expect(isKeptRead(path), path).toBe(true);
    }
  });

  it("are never a captcha, a session, security settings, the data export, a checkout or moderation", () => {
    for (const path of [
      "/api/user/captcha",
      "/api/user/sessions",
      "/api/user/passkeys",
      "/api/user/two-step",
      "/api/user/export",
      "/api/user/payout-account",
      "/api/orders/checkout",
      "/api/admin/reports",
      "/api/notifications/settings",
      "/api/goods/info/42/extra",
      "/files/abc.webp",
    ]) {
      expect(isKeptRead(path), path).toBe(false);
    }
  });
});
