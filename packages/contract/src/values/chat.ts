/** Chat limits and message types: plain values, free of schemas. */
export const ChatLimits = {
  textMax: 1000,
  historyPageSize: 30,
  historyPageSizeMax: 100,
  /** Frames one socket may send in a burst, and how many come back each second. */
  frameBurst: 20,
  framesPerSecond: 5,
  /** A socket that keeps flooding after being warned is closed. */
  floodWarningsBeforeClose: 3,
  /** Messages one user may send in a burst, and how many come back each second, over all sockets. */
  userMessageBurst: 20,
  userMessagesPerSecond: 10,
  /** Open chat sockets one user may hold on one server process. */
  socketsPerUserMax: 10,
  heartbeatSeconds: 30,
  frameBytesMax: 16 * 1024,
} as const;

/** What a client may send in a `send` frame. */
export const SENDABLE_MESSAGE_TYPES = ["text", "image", "goods"] as const;
export type SendableMessageType = (typeof SENDABLE_MESSAGE_TYPES)[number];
/**
 * What a chat may hold: besides what clients send, `offer` (content: the offer's id, drawn as an
 * offer card) and `notice` (a line the product writes into the chat, such as an offer declined
 * because the goods were promised to another buyer), which only the server writes.
 */
export const MESSAGE_TYPES = [...SENDABLE_MESSAGE_TYPES, "offer", "notice"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
