/** What a Web Push from the server carries (server/src/features/notifications, the push sender). */
export interface PushMessage {
  title: string;
  body: string;
  /** The app's path the notification opens (a chat, an order, a goods page). */
  url: string;
  /** Notifications with one tag replace each other (one per chat, say). */
  tag?: string;
  /** The user's unread count, for the app's badge. */
  unread?: number;
}

/** The worker's message to an open window: show this path (a tapped notification's target). */
export const OPEN_TARGET = "xianzhi-open-target";

/**
 * A push's payload as the worker shows it, or null when it is not one of ours: only a path of this
 * app is opened, never another site's address.
 */
export function readPushMessage(text: string | undefined): PushMessage | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { title, body, url, tag, unread } = value as Record<string, unknown>;
  if (typeof title !== "string" || typeof body !== "string") return null;
  return {
    title,
    body,
    url: typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/",
    ...(typeof tag === "string" ? { tag } : {}),
    ...(typeof unread === "number" && Number.isInteger(unread) && unread >= 0 ? { unread } : {}),
  };
}
