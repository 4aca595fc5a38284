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
    role: row.role === "moderator" ? "moderator" : "user",
  };
}

export function toPublicUser(row: Pick<UserRow, "id" | "username" | "nickname" | "avatarUrl">): PublicUser {
  return { id: String(row.id), username: row.username, nickname: row.nickname, avatarUrl: row.avatarUrl };
}
