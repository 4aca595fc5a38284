import type { PublicUser, UserInfo } from "@xianzhi/contract";
import type { UserRow } from "./user-repository.js";

export function toUserInfo(row: UserRow): UserInfo {
  return {
    id: String(row.id),
    username: row.username,
    email: row.email,
    nickname: row.nickname,
    avatarUrl: row.avatarUrl,
    bio: row.bio,
    createdAt: row.createdAt,
    // Said of moderators only: a plain user's answer stays as it always was.
    ...(row.role === "moderator" && { role: "moderator" as const }),
  };
}

export function toPublicUser(row: Pick<UserRow, "id" | "username" | "nickname" | "avatarUrl">): PublicUser {
  return { id: String(row.id), username: row.username, nickname: row.nickname, avatarUrl: row.avatarUrl };
}
