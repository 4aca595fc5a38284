import {
  ChatHistoryQuerySchema,
  ChatHistorySchema,
  ChatPageSchema,
  ChatSchema,
  ChatUnreadTotalSchema,
  CreateChatBodySchema,
  PageQuerySchema,
  SetReadBodySchema,
} from "@xianzhi/contract";
import { demo } from "../../demo/demo-ids.js";
import { type ApiRoutes, apiRoutes } from "../../http/api-route.js";
import { ok } from "../../http/envelope.js";
import { KEEPS_SHARED_ANSWERS } from "../../http/response-cache.js";
import { userOf } from "../../plugins/auth.js";
import { serviceDeps } from "../../services.js";
import { chatHistory, listChats, openChat, setRead, unreadTotal } from "./chat-service.js";

const route = apiRoutes("chat");

export const chatRoutes: ApiRoutes = async (app) => {
  app.post(
    "/mychatlist/create",
    route.user(
      {
        example: { as: "carol", body: { peerId: demo.user("alice"), goodsId: demo.goods(0) } },
        summary: "Open (or find) a chat with a user",
        answer: ChatSchema,
        body: CreateChatBodySchema,
      },
      { preValidation: app.rateLimits.chatOpenPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => ok(await openChat(serviceDeps(app, req), userOf(req).userId, req.body)),
  );

  app.get(
    "/mychatlist/getlist",
    route.user({ example: { as: "bob" }, summary: "The user's chats", answer: ChatPageSchema, query: PageQuerySchema }),
    async (req) => ok(await listChats(serviceDeps(app, req), userOf(req).userId, req.query)),
  );

  app.get(
    "/mychatlist/unread",
    route.user({ example: { as: "bob" }, summary: "Unread messages in all chats", answer: ChatUnreadTotalSchema }),
    async (req) => ok(await unreadTotal(serviceDeps(app, req), userOf(req).userId)),
  );

  app.put(
    "/mychatlist/setread",
    route.user(
      {
        example: { as: "bob", body: { chatId: demo.chat } },
        summary: "Mark a chat read",
        answer: null,
        body: SetReadBodySchema,
      },
      { preValidation: app.rateLimits.readMarkPerUser, ...KEEPS_SHARED_ANSWERS },
    ),
    async (req) => {
      const { frame, memberIds } = await setRead(serviceDeps(app, req), userOf(req).userId, Number(req.body.chatId));
      await app.hub.deliver(memberIds, frame);
      return ok(null);
    },
  );

  app.get(
    "/chat/getlist",
    route.user({
      example: { as: "bob", query: { chatId: demo.chat } },
      summary: "A chat's messages, newest first",
      answer: ChatHistorySchema,
      query: ChatHistoryQuerySchema,
    }),
    async (req) => ok(await chatHistory(serviceDeps(app, req), userOf(req).userId, req.query)),
  );
};
