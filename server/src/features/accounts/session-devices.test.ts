import type { SessionDeviceList } from "@xianzhi/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { useListeningPair } from "../../test-support/app-pair.js";
import { openSocket } from "../../test-support/sockets.js";
import { call } from "../../test-support/test-app.js";
import { SESSION_SEEN_STEP_MS } from "./session-devices.js";

/**
 * 登录设备 on two server processes sharing a database and Redis: each session with the device and
 * address it signed in from and when it was last used; the owner ends one, or all the others, and
 * the ended sessions' tokens and chat sockets stop at once, on whichever process they are.
 */
const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const LAPTOP =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const WECHAT =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN";

const running = useListeningPair(beforeAll, afterAll);
afterEach(() => vi.useRealTimers());

/** Signs `user` in from a device with this User-Agent and address: the session's token. */
async function signIn(user: RegisteredUser, userAgent: string, remoteAddress: string): Promise<string> {
  const reply = await call(running.pair.a.app, "POST", "/api/user/login/username", {
    body: { username: user.username, password: user.password },
    headers: { "user-agent": userAgent },
    remoteAddress,
  });
  expect(reply.code).toBe(200);
  return reply.data.token;
}

const devicesOf = async (token: string) =>
  (await call<SessionDeviceList>(running.pair.b, "GET", "/api/user/sessions", { token })).data;

describe("登录设备", () => {
  it("lists each session with its device and hidden address, the one in hand first", async () => {
    const user = await registerUser(running.pair.a.app, running.pair.a.dataDir);
    const phone = await signIn(user, PHONE, "203.0.113.77");
    await signIn(user, WECHAT, "2001:db8:85a3:8d3:1319:8a2e:370:7348");
    await signIn(user, LAPTOP, "198.51.100.9");

    const devices = await devicesOf(phone);
    expect(devices).toHaveLength(4);
    expect(devices[0]).toMatchObject({
      current: true,
      browser: "Chrome 131",
      system: "Android 14",
      deviceType: "phone",
      address: "203.0.113.*",
    });
    expect(devices.slice(1).map((device) => [device.browser, device.system, device.deviceType])).toEqual(
      expect.arrayContaining([
        ["微信 8.0", "iOS 17.5", "phone"],
        ["Safari 17.5", "macOS", "desktop"],
      ]),
    );
    expect(devices.find((device) => device.browser.startsWith("微信"))?.address).toBe("2001:db8:85a3:8d3:*");
    expect(devices.filter((device) => device.current)).toHaveLength(1);
    // Nobody else's sessions, and nothing for nobody.
    const other = await registerUser(running.pair.a.app, running.pair.a.dataDir);
    expect(await devicesOf(other.token)).toHaveLength(1);
    expect(await call(running.pair.a.app, "GET", "/api/user/sessions")).toMatchObject({ status: 401 });
  });

  it("says when each was last used, written at most every ten minutes", async () => {
    const user = await registerUser(running.pair.a.app, running.pair.a.dataDir);
    const laptop = await signIn(user, LAPTOP, "198.51.100.9");
    const signedInAt = Date.now();
    const lastSeen = async () =>
      (await devicesOf(user.token)).find((device) => device.browser.startsWith("Safari"))?.lastSeenAt;
    expect(await lastSeen()).toBe((await devicesOf(laptop))[0]?.createdAt);

    vi.useFakeTimers({ toFake: ["Date"], now: signedInAt + SESSION_SEEN_STEP_MS - 1000 });
    await call(running.pair.a.app, "GET", "/api/user/getinfo", { token: laptop });
    expect(Date.parse((await lastSeen()) ?? "")).toBeLessThan(signedInAt + 1000);

    vi.setSystemTime(signedInAt + SESSION_SEEN_STEP_MS + 1000);
    await call(running.pair.a.app, "GET", "/api/user/getinfo", { token: laptop });
    expect(await lastSeen()).toBe(new Date(signedInAt + SESSION_SEEN_STEP_MS + 1000).toISOString());
  });

  it("ends one session: its token and its chat socket on the other process stop, the rest go on", async () => {
    const user = await registerUser(running.pair.a.app, running.pair.a.dataDir);
    const lost = await signIn(user, PHONE, "203.0.113.77");
    const lostSocket = await openSocket(running.bases[1], lost);
    const mySocket = await openSocket(running.bases[1], user.token);
    const lostId = (await devicesOf(user.token)).find((device) => !device.current)?.id;

    const ended = await call(running.pair.a.app, "DELETE", `/api/user/sessions/${lostId}`, { token: user.token });
    expect(ended).toMatchObject({ code: 200, msg: "该设备已退出登录" });
    expect((await lostSocket.closed).code).toBe(4401);
    expect(await call(running.pair.b, "GET", "/api/user/getinfo", { token: lost })).toMatchObject({ status: 401 });
    expect(await devicesOf(user.token)).toHaveLength(1);
    expect(mySocket.socket.readyState).toBe(mySocket.socket.OPEN);
    // Gone already, or never the caller's: the same 404, and nothing ends.
    expect(
      await call(running.pair.a.app, "DELETE", `/api/user/sessions/${lostId}`, { token: user.token }),
    ).toMatchObject({
      status: 404,
      msg: "该登录设备不存在或已退出",
    });
    const stranger = await registerUser(running.pair.a.app, running.pair.a.dataDir);
    const strangersId = (await devicesOf(stranger.token))[0]?.id;
    expect(
      await call(running.pair.a.app, "DELETE", `/api/user/sessions/${strangersId}`, { token: user.token }),
    ).toMatchObject({
      status: 404,
    });
    expect(await call(running.pair.a.app, "GET", "/api/user/getinfo", { token: stranger.token })).toMatchObject({
      code: 200,
    });
    expect(await call(running.pair.a.app, "DELETE", "/api/user/sessions/abc", { token: user.token })).toMatchObject({
      status: 400,
    });
    await mySocket.close();
  });

  it("ends every other session at once, keeping the one in hand", async () => {
    const user = await registerUser(running.pair.a.app, running.pair.a.dataDir);
    const others = [await signIn(user, PHONE, "203.0.113.77"), await signIn(user, WECHAT, "203.0.113.78")];
    const socket = await openSocket(running.bases[0], others[0] as string);

    const ended = await call(running.pair.b, "POST", "/api/user/sessions/end-others", { token: user.token });
    expect(ended).toMatchObject({ code: 200, msg: "已退出其他 2 台设备", data: { ended: 2 } });
    expect((await socket.closed).code).toBe(4401);
    for (const token of others) {
      expect(await call(running.pair.a.app, "GET", "/api/user/getinfo", { token })).toMatchObject({ status: 401 });
    }
    expect(await devicesOf(user.token)).toEqual([expect.objectContaining({ current: true })]);
    expect(await call(running.pair.b, "POST", "/api/user/sessions/end-others", { token: user.token })).toMatchObject({
      msg: "没有其他登录设备",
      data: { ended: 0 },
    });
  });
});
