import { describe, expect, it } from "vitest";
import { deviceOfAgent, maskedAddress } from "./user-agent.js";

describe("a device as its User-Agent names it", () => {
  it.each([
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
      { browser: "Edge 131", system: "Windows", deviceType: "desktop" },
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      { browser: "Safari 17.5", system: "iPadOS 17.5", deviceType: "tablet" },
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
      { browser: "Chrome 131", system: "iOS 18.1", deviceType: "phone" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 13; V2254A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 AlipayClient/10.6.10.8000",
      { browser: "支付宝 10.6", system: "Android 13", deviceType: "phone" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 HuaweiBrowser/14.0.5.302 Mobile Safari/537.36",
      { browser: "华为浏览器 14", system: "HarmonyOS", deviceType: "phone" },
    ],
    [
      "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
      { browser: "Firefox 133", system: "Linux", deviceType: "desktop" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36",
      { browser: "三星浏览器 26", system: "Android 14", deviceType: "tablet" },
    ],
    ["okhttp/4.12.0", { browser: "okhttp 4", system: "未知系统", deviceType: "unknown" }],
    ["", { browser: "未知浏览器", system: "未知系统", deviceType: "unknown" }],
  ])("%s", (agent, device) => {
    expect(deviceOfAgent(agent)).toEqual(device);
  });
});

describe("an address shown with its last part hidden", () => {
  it("hides an IPv4 address's last number, an IPv6 address's interface, and says when there is none", () => {
    expect(maskedAddress("203.0.113.77")).toBe("203.0.113.*");
    expect(maskedAddress("::ffff:127.0.0.1")).toBe("127.0.0.*");
    expect(maskedAddress("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe("2001:db8:85a3:8d3:*");
    expect(maskedAddress("")).toBe("未知");
  });
});
