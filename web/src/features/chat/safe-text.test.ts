import { describe, expect, it } from "vitest";
import { isOwnAddress } from "./safe-text";

describe("which addresses a chat may link", () => {
  it("links this product's pages only", () => {
    const origin = "https://xianzhi.example";
    expect(isOwnAddress("https://xianzhi.example/goodsinfo/12", origin)).toBe(true);
    expect(isOwnAddress("https://xianzhi.example", origin)).toBe(true);
    expect(isOwnAddress("https://xianzhi.example.evil.cn/pay", origin)).toBe(false);
    expect(isOwnAddress("https://t.cn/A6abcd", origin)).toBe(false);
  });
});
