import type { Selectable, Updateable } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import { preparedQuery } from "../../db/prepared-query.js";
import type { UsersTable } from "../../db/schema.js";

export type UserRow = Selectable<UsersTable>;

export function findUserById(db: DbOrTx, id: number) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The user unless they closed their account: what others may find, follow, chat with or review. */
export function findOpenUserById(db: DbOrTx, id: number) {
  return db.selectFrom("users").selectAll().where("id", "=", id).where("deletedAt", "is", null).executeTakeFirst();
}

// Asked before every chat message: built and prepared once.
const closedAccountQuery = preparedQuery<{ id: number }, { deletedAt: string | null }>((db, slot) =>
  db.selectFrom("users").select("deletedAt").where("id", "=", slot("id")),
);

/** Whether the user closed their account (an id that names nobody is not a closed account). */
export async function isClosedAccount(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await closedAccountQuery.execute(db, { id });
  return Boolean(row?.deletedAt);
}

export function findUserByUsername(db: DbOrTx, username: string) {
  return db.selectFrom("users").selectAll().where("usernameLower", "=", username.toLowerCase()).executeTakeFirst();
}

export function findUserByEmail(db: DbOrTx, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

export async function insertUser(
  db: DbOrTx,
  user: { username: string; email: string; passwordHash: string; now: string },
): Promise<UserRow> {
  return db
    .insertInto("users")
    .values({
      username: user.username,
      usernameLower: user.username.toLowerCase(),
      email: user.email,
      passwordHash: user.passwordHash,
      nickname: user.username,
      avatarUrl: null,
      bio: "",
      createdAt: user.now,
      updatedAt: user.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateUser(db: DbOrTx, id: number, changes: Updateable<UsersTable>) {
  return db.updateTable("users").set(changes).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}
