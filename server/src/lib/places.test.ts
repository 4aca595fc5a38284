import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { NotificationPage, SessionDeviceList } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../test-support/accounts.js";
import { call, createTestApp, type TestApp } from "../test-support/test-app.js";
import { PlaceLookup } from "./places.js";

/** MaxMind's own test database (test-support/fixtures/README.md). */
const GEOIP_TEST_DB = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "../test-support/fixtures/GeoLite2-City-Test.mmdb",
);

describe("the coarse place of an address", () => {
  it("is the province and city in China, the country first abroad, in Chinese", async () => {
    const places = await PlaceLookup.open(GEOIP_TEST_DB);
    expect(places.placeOf("175.16.199.5")).toBe("吉林 长春");
    expect(places.placeOf("::ffff:175.16.199.5")).toBe("吉林 长春");
    expect(places.placeOf("89.160.20.115")).toBe("瑞典 林雪平");
    expect(places.placeOf("216.160.83.57")).toBe("美国 华盛顿州");
  });

  it("is unknown for an address the database does not place, or without a database", async () => {
    const places = await PlaceLookup.open(GEOIP_TEST_DB);
    expect(places.placeOf("127.0.0.1")).toBeNull();
    expect(places.placeOf("")).toBeNull();
    expect((await PlaceLookup.open(null)).placeOf("175.16.199.5")).toBeNull();
  });

  it("stops the start when GEOIP_DB is no database", async () => {
    const notADatabase = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "xianzhi-geoip-")), "x.mmdb");
    await fs.writeFile(notADatabase, "not a database");
    await expect(PlaceLookup.open(notADatabase)).rejects.toThrow();
  });
});

describe("places in 登录设备 and the new-device alert", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ GEOIP_DB: GEOIP_TEST_DB });
  });
  afterAll(() => t.close());

  it("shows where each session signed in from, and names it in the alert", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const signIn = await t.app.inject({
      method: "POST",
      url: "/api/user/login/username",
      payload: { username: user.username, password: user.password },
      remoteAddress: "175.16.199.5",
      headers: { "user-agent": "Mozilla/5.0 (Linux; Android 15; Pixel 9) Chrome/131.0.0.0 Mobile Safari/537.36" },
    });
    expect(signIn.json().code).toBe(200);
    const devices = await call<SessionDeviceList>(t.app, "GET", "/api/user/sessions", { token: user.token });
    const places = devices.data.map((device) => device.place);
    expect(places).toHaveLength(2);
    expect(places).toEqual(expect.arrayContaining(["吉林 长春", null]));
    const notifications = await call<NotificationPage>(t.app, "GET", "/api/notifications", { token: user.token });
    expect(notifications.data.list[0]).toMatchObject({
      kind: "new_device",
      excerpt: "Chrome 131 · Android 15 · 175.16.199.* · 吉林 长春",
    });
  });
});
