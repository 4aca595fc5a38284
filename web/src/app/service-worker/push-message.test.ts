import { describe, expect, it } from "vitest";
import { readPushMessage } from "./push-message";

describe("a push's payload", () => {
  it("is shown with its title, text, target and the unread count", () => {
    const text = JSON.stringify({
      title: "新消息",
      body: "小明：还在吗",
      url: "/chat?chatId=3",
      tag: "chat-3",
      unread: 4,
    });
    expect(readPushMessage(text)).toEqual({
      title: "新消息",
      body: "小明：还在吗",
      url: "/chat?chatId=3",
      tag: "chat-3",
      unread: 4,
    });
  });

  it("opens only a path of the app, never another site", () => {
    for (const url of ["https://evil.example/x", "//evil.example/x", "javascript:alert(1)", 5]) {
      expect(readPushMessage(JSON.stringify({ title: "t", body: "b", url }))?.url).toBe("/");
    }
  });

  it("is not one of ours without a title and text, or when not JSON", () => {
    expect(readPushMessage(undefined)).toBeNull();
    expect(readPushMessage("hello")).toBeNull();
    expect(readPushMessage(JSON.stringify({ title: "t" }))).toBeNull();
    expect(readPushMessage(JSON.stringify({ title: "t", body: "b", unread: -1 }))).toEqual({
      title: "t",
      body: "b",
      url: "/",
    });
  });
});
