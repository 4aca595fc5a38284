import { describe, expect, it } from "vitest";
import { formatJoined, formatRate, formatReplyTime } from "./seller-format";

describe("seller page formats", () => {
  it("words reply times as a person would", () => {
    expect(formatReplyTime(0)).toBe("1 分钟内");
    expect(formatReplyTime(12)).toBe("约 12 分钟");
    expect(formatReplyTime(150)).toBe("约 3 小时");
    expect(formatReplyTime(2 * 24 * 60 + 100)).toBe("约 2 天");
  });

  it("gives rates in whole percent and the month someone joined", () => {
    expect(formatRate(0.333)).toBe("33%");
    expect(formatRate(1)).toBe("100%");
    expect(formatJoined("2024-03-15T08:00:00.000Z")).toBe("2024年3月");
  });
});
