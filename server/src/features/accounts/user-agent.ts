import type { SessionDevice } from "@xianzhi/contract";

/**
 * A device as its User-Agent names it, read by hand for 登录设备: the browser with its major
 * version, the system with its version, and whether it is a phone, a tablet or a computer. Only
 * for telling one's own devices apart: nothing is decided on it, since any client may send any
 * User-Agent.
 */
export interface DeviceOfAgent {
  browser: string;
  system: string;
  deviceType: SessionDevice["deviceType"];
}

/** Browsers, most specific first: Edge, Opera, WeChat and the rest all say "Chrome" and "Safari" too. */
const BROWSERS: [name: string, pattern: RegExp][] = [
  ["微信", /MicroMessenger\/(\d+(?:\.\d+)?)/],
  ["支付宝", /AlipayClient\/(\d+(?:\.\d+)?)/],
  ["QQ浏览器", /M?QQBrowser\/(\d+)/],
  ["UC浏览器", /UCBrowser\/(\d+)/],
  ["夸克", /Quark\/(\d+)/],
  ["百度", /baiduboxapp\/(\d+)/],
  ["华为浏览器", /HuaweiBrowser\/(\d+)/],
  ["小米浏览器", /MiuiBrowser\/(\d+)/],
  ["三星浏览器", /SamsungBrowser\/(\d+)/],
  ["Edge", /Edg(?:e|A|iOS)?\/(\d+)/],
  ["Opera", /(?:OPR|OPiOS)\/(\d+)/],
  ["Firefox", /(?:Firefox|FxiOS)\/(\d+)/],
  ["Chrome", /(?:Chrome|CriOS)\/(\d+)/],
  ["Safari", /Version\/(\d+(?:\.\d+)?).*Safari\//],
];

const dotted = (version: string) => version.replaceAll("_", ".");

function systemOf(agent: string): string | null {
  const ios = /(?:iPhone|CPU) OS (\d+(?:_\d+)?)/.exec(agent);
  if (ios) return `${/iPad/.test(agent) ? "iPadOS" : "iOS"} ${dotted(ios[1] as string)}`;
  const harmony = /HarmonyOS(?:[ /](\d+(?:\.\d+)?))?/.exec(agent) ?? /OpenHarmony (\d+(?:\.\d+)?)/.exec(agent);
  if (harmony) return harmony[1] ? `HarmonyOS ${harmony[1]}` : "HarmonyOS";
  const android = /Android (\d+(?:\.\d+)?)/.exec(agent);
  if (android) return `Android ${android[1]}`;
  if (/Windows NT/.test(agent)) return "Windows";
  if (/Mac OS X|Macintosh/.test(agent)) return "macOS";
  if (/CrOS/.test(agent)) return "ChromeOS";
  if (/Linux/.test(agent)) return "Linux";
  return null;
}

function deviceTypeOf(agent: string, system: string | null): SessionDevice["deviceType"] {
  if (/iPad|Tablet/.test(agent) || (/Android/.test(agent) && !/Mobile/.test(agent))) return "tablet";
  if (/Mobile|iPhone|Android|HarmonyOS/.test(agent)) return "phone";
  if (system) return "desktop";
  return "unknown";
}

function browserOf(agent: string): string | null {
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(agent);
    if (match) return `${name} ${match[1]}`;
  }
  // Not a browser (an API client, a script): its own first name, e.g. "okhttp 4".
  const product = /^([A-Za-z][\w.-]*)\/(\d+)/.exec(agent);
  return product ? `${product[1]} ${product[2]}` : null;
}

export function deviceOfAgent(agent: string): DeviceOfAgent {
  const system = systemOf(agent);
  return {
    browser: browserOf(agent) ?? "未知浏览器",
    system: system ?? "未知系统",
    deviceType: deviceTypeOf(agent, system),
  };
}

/** An address with its last part hidden: 203.0.113.*, 2001:db8:85a3:8d3:*. */
export function maskedAddress(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+)\.\d+$/.exec(ip);
  if (v4) return `${v4[1]}.*`;
  if (ip.includes(":")) return `${ip.split(":").slice(0, 4).join(":")}:*`;
  return ip === "" ? "未知" : "*";
}
