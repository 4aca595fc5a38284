import { ChatHistoryQuerySchema, CreateChatBodySchema, PageQuerySchema, SetReadBodySchema } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { ok, parseInput } from "../../http/envelope.js";
import { KEEPS_SHARED_ANSWERS } from "../../http/response-cache.js";
import { requireUser } from "../../plugins/auth.js";
import { chatHistory, listChats, openChat, setRead, unreadTotal } from "./chat-service.js";

export async function chatRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.post(
    "/mychatlist/create",
    { preHandler: app.rateLimits.chatOpenPerUser, ...KEEPS_SHARED_ANSWERS },
    async (req) => {
      const me = await requireUser(req);
      return ok(await openChat(db, me.userId, parseInput(CreateChatBodySchema, req.body)));
    },
  );

  app.get("/mychatlist/getlist", async (req) => {
    const me = await requireUser(req);
    return ok(await listChats(db, me.userId, parseInput(PageQuerySchema, req.query)));
  });

  app.get("/mychatlist/unread", async (req) => {
    const me = await requireUser(req);
    return ok(await unreadTotal(db, me.userId));
  });

  app.put(
    "/mychatlist/setread",
    { preHandler: app.rateLimits.readMarkPerUser, ...KEEPS_SHARED_ANSWERS },
    async (req) => {
      const me = await requireUser(req);
      const chatId = Number(parseInput(SetReadBodySchema, req.body).chatId);
      const { frame, memberIds } = await setRead(db, me.userId, chatId);
      await app.hub.deliver(memberIds, frame);
      return ok(null);
    },
  );

  app.get("/chat/getlist", async (req) => {
    const me = await requireUser(req);
    return ok(await chatHistory(db, me.userId, parseInput(ChatHistoryQuerySchema, req.query)));
  });
}
