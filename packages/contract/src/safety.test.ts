import { describe, expect, it } from "vitest";
import { safetyWarnings } from "./values/safety.js";

const ruleIds = (text: string) => safetyWarnings(text).map((rule) => rule.id);

describe("chat safety rules, on what people really write", () => {
  it.each([
    ["加我微信聊吧，vx: xianyu_2024", ["contact_id"]],
    ["薇信 abc12345 私聊", ["contact_id"]],
    ["QQ号 123456789", ["contact_id"]],
    ["加个扣扣吧", ["contact_id"]],
    ["我电话 138 1234 5678，直接打给我", ["phone"]],
    ["+86-13912345678", ["phone"]],
    ["看这个 https://t.cn/A6abcd 更便宜", ["link"]],
    ["去 www.taobao-shop.top 下单", ["link"]],
    ["你先付定金 200，我给你留着", ["pay_outside"]],
    ["我们私下交易吧，不走平台省手续费", ["pay_outside"]],
    ["扫码付款就行，这是我的收款码", ["pay_outside"]],
    ["加微信 wx12345678 先转账再发货", ["contact_id", "pay_outside"]],
  ])("%s", (text, expected) => {
    expect(ruleIds(text)).toEqual(expected);
  });

  it.each([
    "还在吗？能便宜点吗",
    "九成新，电池健康 92%，可以小刀",
    "周六下午在徐汇地铁站当面交易可以吗",
    "iPhone 13 Pro 256G 国行",
    "价格 1380 元，不议价",
    "型号 A2483，序列号可查",
    "包邮吗？顺丰到付也行",
  ])("leaves alone: %s", (text) => {
    expect(ruleIds(text)).toEqual([]);
  });
});
