import type { ServerFrame } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  api,
  createServerData,
  type ServerData,
  type ServerProcess,
  signedInUser,
  startServer,
  stopServer,
} from "../../test-support/server-process.js";
import { isType, openSocket } from "../../test-support/sockets.js";

let data: ServerData;
let server: ServerProcess | undefined;

beforeAll(async () => {
  data = await createServerData();
}, 60_000);

afterAll(async () => {
  await stopServer(server);
  await data?.remove();
});

const MESSAGES = 20;
const textFrame = (chatId: string, n: number) => ({
  type: "send",
  chatId,
  msgType: "text",
  content: `第 ${n} 条`,
  clientMsgId: `restart-${n}`,
});

describe("a chat socket when its server process stops (SIGTERM)", () => {
  it("stores no frame half-way: what was not acknowledged is resent after the restart, and nothing is lost or doubled", async () => {
    server = await startServer(data.env);
    const alice = await signedInUser(data.db, "restart_alice");
    const bob = await signedInUser(data.db, "restart_bob");
    const chatId = (await api(server, "POST", "/api/mychatlist/create", alice.token, { peerId: bob.id })).data.chatId;

    // A burst the server handles one frame after another: the stop comes while most are queued.
    const socket = await openSocket(server.ws, alice.token);
    for (let n = 1; n <= MESSAGES; n += 1) socket.send(textFrame(chatId, n));
    const stopping = stopServer(server);
    expect((await socket.closed).code).toBe(1012);
    await stopping;
    expect(server.child.exitCode).toBe(0);
    // Stopping is not an error: no frame ran into a closed database.
    const errors = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"level":50'))
      .map((line) => `${JSON.parse(line).msg}: ${JSON.parse(line).err?.message}`);
    expect(errors).toEqual([]);

    // The client resends what was not acknowledged, with the same ids, as the web's outbox does.
    const acked = new Set(
      socket.frames
        .filter((frame): frame is Extract<ServerFrame, { type: "ack" }> => frame.type === "ack")
        .map((ack) => ack.clientMsgId),
    );
    server = await startServer(data.env);
    const again = await openSocket(server.ws, alice.token);
    for (let n = 1; n <= MESSAGES; n += 1) {
      if (acked.has(`restart-${n}`)) continue;
      again.send(textFrame(chatId, n));
      await again.next((frame) => isType("ack")(frame) && frame.clientMsgId === `restart-${n}`);
    }
    await again.close();

    const history = await api(server, "GET", `/api/chat/getlist?chatId=${chatId}&pageSize=50`, bob.token);
    const contents = history.data.list.map((message: { content: string }) => message.content).reverse();
    expect(contents).toEqual(Array.from({ length: MESSAGES }, (_, i) => `第 ${i + 1} 条`));
  }, 90_000);
});
