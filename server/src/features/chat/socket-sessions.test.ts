import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailTicketFor, type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { isMessageWith, isType, listen, openSocket, textFrame } from "../../test-support/sockets.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterAll(() => t.close());

async function chatBetween(from: RegisteredUser, to: RegisteredUser): Promise<string> {
  const chat = await call(t.app, "POST", "/api/mychatlist/create", { token: from.token, body: { peerId: to.id } });
  return chat.data.chatId;
}

async function login(user: RegisteredUser): Promise<string> {
  const reply = await call(t.app, "POST", "/api/user/login/username", {
    body: { username: user.username, password: user.password },
  });
  return reply.data.token;
}

describe("ending sessions reaches their chat sockets", () => {
  it("closes every socket of the user with 4401 after a password reset; none gets a later message", async () => {
    const victim = await registerUser(t.app, t.dataDir);
    const peer = await registerUser(t.app, t.dataDir);
    const chatId = await chatBetween(peer, victim);
    const stolen = await openSocket(base, victim.token);
    const otherDevice = await openSocket(base, await login(victim));
    const peerSocket = await openSocket(base, peer.token);

    const emailTicket = await emailTicketFor(t.app, t.dataDir, victim.email, "reset_password");
    const reset = await call(t.app, "POST", "/api/user/password/reset", {
      body: { email: victim.email, emailTicket, newPassword: "another42" },
    });
    expect(reset).toMatchObject({ code: 200 });
    expect((await stolen.closed).code).toBe(4401);
    expect((await otherDevice.closed).code).toBe(4401);
    expect(stolen.frames).toContainEqual(expect.objectContaining({ type: "error", code: 401 }));

    peerSocket.send(textFrame(chatId, "after the reset"));
    await peerSocket.next(isType("ack"));
    expect([...stolen.frames, ...otherDevice.frames].filter(isType("message"))).toEqual([]);
    await peerSocket.close();
  });

  it("closes the sockets of a session that logs out, and only those", async () => {
    const user = await registerUser(t.app, t.dataDir);
    const peer = await registerUser(t.app, t.dataDir);
    const chatId = await chatBetween(peer, user);
    const loggedOut = await openSocket(base, user.token);
    const otherDevice = await openSocket(base, await login(user));
    const peerSocket = await openSocket(base, peer.token);

    expect(await call(t.app, "POST", "/api/user/logout", { token: user.token })).toMatchObject({ code: 200 });
    expect((await loggedOut.closed).code).toBe(4401);

    peerSocket.send(textFrame(chatId, "after the logout"));
    expect((await otherDevice.next(isMessageWith("after the logout"))).message.chatId).toBe(chatId);
    expect(loggedOut.frames.filter(isType("message"))).toEqual([]);
    await Promise.all([otherDevice.close(), peerSocket.close()]);
  });

  it("keeps the caller's own sockets after a password change and closes the other sessions'", async () => {
    const user = await registerUser(t.app, t.dataDir, { password: "oldpass11" });
    const peer = await registerUser(t.app, t.dataDir);
    const chatId = await chatBetween(peer, user);
    const mine = [await openSocket(base, user.token), await openSocket(base, user.token)];
    const otherToken = await login(user);
    const other = await openSocket(base, otherToken);
    const peerSocket = await openSocket(base, peer.token);

    const changed = await call(t.app, "PUT", "/api/user/password", {
      token: user.token,
      body: { oldPassword: "oldpass11", newPassword: "newpass22" },
    });
    expect(changed).toMatchObject({ code: 200 });
    expect((await other.closed).code).toBe(4401);

    peerSocket.send(textFrame(chatId, "still here?"));
    for (const socket of mine) {
      expect((await socket.next(isMessageWith("still here?"))).message.chatId).toBe(chatId);
      expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    }
    expect(other.frames.filter(isType("message"))).toEqual([]);
    await Promise.all([...mine, peerSocket].map((socket) => socket.close()));
  });
});

describe("sessions that end without a call", () => {
  it("closes an open socket with 4401 once its session has expired, at the next check", async () => {
    const own = await createTestApp({ CHAT_HEARTBEAT_SECONDS: "1" });
    try {
      const user = await registerUser(own.app, own.dataDir);
      const socket = await openSocket(await listen(own.app), user.token);
      await own.app.db
        .updateTable("sessions")
        .set({ expiresAt: "2000-01-01T00:00:00.000Z" })
        .where("userId", "=", Number(user.id))
        .execute();
      const closedWithin = Date.now() + 3000;
      expect(await socket.closed).toMatchObject({ code: 4401 });
      expect(Date.now()).toBeLessThan(closedWithin);
    } finally {
      await own.close();
    }
  });
});

describe("closing the app", () => {
  it("closes every chat socket with 1012 (service restart), so clients reconnect elsewhere", async () => {
    const own = await createTestApp();
    const user = await registerUser(own.app, own.dataDir);
    const socket = await openSocket(await listen(own.app), user.token);
    await own.close();
    expect(await socket.closed).toMatchObject({ code: 1012 });
  });
});
