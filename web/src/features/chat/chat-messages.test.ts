import { describe, expect, it } from "vitest";
import { messageText } from "./chat-messages";

describe("a message as one line of text", () => {
  it("is its words, or what kind of thing it is in Chinese, never the kind's code name", () => {
    expect(messageText({ type: "text", content: "还在吗" })).toBe("还在吗");
    expect(messageText({ type: "image", content: "/files/a.webp" })).toBe("[图片]");
    expect(messageText({ type: "goods", content: "12" })).toBe("[商品]");
    expect(messageText({ type: "offer", content: "{}" })).toBe("[出价]");
    expect(messageText({ type: "notice", content: "买家已付款，等待卖家发货" })).toBe("买家已付款，等待卖家发货");
  });
});
