import { describe, expect, it } from "vitest";
import { clearRecentSearches, RECENT_SEARCHES_MAX, readRecentSearches, rememberSearch } from "./recent-searches";

/** What localStorage keeps, in memory: the tests run outside a browser. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("recent searches", () => {
  it("are newest first, each once, trimmed", () => {
    const storage = memoryStorage();
    rememberSearch("手机", storage);
    rememberSearch("自行车", storage);
    rememberSearch(" 手机 ", storage);
    rememberSearch("   ", storage);
    expect(readRecentSearches(storage)).toEqual(["手机", "自行车"]);
  });

  it("keep the last ten", () => {
    const storage = memoryStorage();
    for (let n = 1; n <= 12; n += 1) rememberSearch(`关键词${n}`, storage);
    const recent = readRecentSearches(storage);
    expect(recent).toHaveLength(RECENT_SEARCHES_MAX);
    expect(recent[0]).toBe("关键词12");
    expect(recent.at(-1)).toBe("关键词3");
  });

  it("are cleared, and start over from what they cannot read", () => {
    const storage = memoryStorage();
    rememberSearch("手机", storage);
    clearRecentSearches(storage);
    expect(readRecentSearches(storage)).toEqual([]);
    storage.setItem("xianzhi.recentSearches", "{not json");
    expect(readRecentSearches(storage)).toEqual([]);
    expect(rememberSearch("台灯", storage)).toEqual(["台灯"]);
  });
});
