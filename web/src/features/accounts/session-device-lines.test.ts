import type { SessionDevice } from "@xianzhi/contract";
import { describe, expect, it } from "vitest";
import { deviceLine, endedOthersText } from "./session-device-lines";

const NOW = Date.parse("2026-11-28T12:00:00.000Z");
const device: SessionDevice = {
  id: "7",
  current: false,
  browser: "微信 8.0",
  system: "iOS 17.5",
  deviceType: "phone",
  address: "203.0.113.*",
  place: null,
  createdAt: "2026-11-25T12:00:00.000Z",
  lastSeenAt: "2026-11-28T11:55:00.000Z",
};

describe("a device's line in 登录设备", () => {
  it("names the browser and system, the hidden address, when it was last used and signed in", () => {
    expect(deviceLine(device, NOW)).toEqual({
      title: "微信 8.0 · iOS 17.5",
      detail: "203.0.113.* · 最近使用 5 分钟前",
      signedIn: "登录于 3 天前",
      endLabel: "强制下线：微信 8.0 · iOS 17.5",
    });
  });

  it("says the device in hand is in use rather than when it was last seen", () => {
    expect(deviceLine({ ...device, current: true }, NOW).detail).toBe("203.0.113.* · 当前使用中");
  });

  it("puts the address's place first when the server knows it", () => {
    expect(deviceLine({ ...device, place: "吉林 长春" }, NOW).detail).toBe(
      "吉林 长春 · 203.0.113.* · 最近使用 5 分钟前",
    );
  });

  it("reports how many others were signed out, or that there were none", () => {
    expect(endedOthersText(2)).toBe("已退出其他 2 台设备");
    expect(endedOthersText(0)).toBe("没有其他登录设备");
  });
});
