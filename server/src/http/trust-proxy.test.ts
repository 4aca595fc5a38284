import { RateLimits } from "@xianzhi/contract";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/test-app.js";

let t: TestApp | undefined;
afterEach(() => t?.close());

const { max } = RateLimits.captchaPerAddress;

/** Asks for captchas (30 a minute per address), each time claiming another client address. */
async function captchasWithForgedAddresses(trustProxy: string, remoteAddress: string, realClient?: string) {
  t = await createTestApp({ TRUST_PROXY: trustProxy, RATE_LIMIT_MULTIPLIER: "1" });
  const statuses: number[] = [];
  for (let i = 0; i <= max; i += 1) {
    const forwarded = [`203.0.113.${i + 1}`, ...(realClient ? [realClient] : [])].join(", ");
    const reply = await t.app.inject({
      method: "GET",
      url: "/api/com/captcha",
      remoteAddress,
      headers: { "x-forwarded-for": forwarded },
    });
    statuses.push(reply.statusCode);
  }
  return statuses;
}

/** Every call answered up to the limit, the one past it refused. */
const refusedPastLimit = [...Array(max).fill(200), 429];

describe("the client address behind proxies", () => {
  it("with a hop count of 1, a client reaching the server directly cannot pick its address", async () => {
    const statuses = await captchasWithForgedAddresses("1", "198.51.100.20");
    expect(statuses).toEqual(refusedPastLimit);
  });

  it("with a hop count of 1, believes only the address the proxy saw, not what the client wrote before it", async () => {
    const statuses = await captchasWithForgedAddresses("1", "10.0.0.2", "198.51.100.21");
    expect(statuses).toEqual(refusedPastLimit);
    const another = await t?.app.inject({
      method: "GET",
      url: "/api/com/captcha",
      remoteAddress: "10.0.0.2",
      headers: { "x-forwarded-for": "198.51.100.22" },
    });
    expect(another?.statusCode).toBe(200);
  });

  it("with a list of proxies, believes X-Forwarded-For only from them", async () => {
    const direct = await captchasWithForgedAddresses("10.0.0.0/8", "198.51.100.23");
    expect(direct).toEqual(refusedPastLimit);
    await t?.close();
    const viaProxy = await captchasWithForgedAddresses("10.0.0.0/8", "10.1.2.3", "198.51.100.24");
    expect(viaProxy).toEqual(refusedPastLimit);
  });

  it("without TRUST_PROXY, counts the connecting address whatever the header says", async () => {
    const statuses = await captchasWithForgedAddresses("false", "10.0.0.2");
    expect(statuses).toEqual(refusedPastLimit);
  });
});
