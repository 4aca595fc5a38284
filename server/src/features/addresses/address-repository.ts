import type { Selectable } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import type { AddressesTable } from "../../db/schema.js";

export type AddressRow = Selectable<AddressesTable>;

/** What the owner writes of an entry; the default is set apart, with the others unset. */
export interface AddressFields {
  recipientName: string;
  phone: string;
  region: string;
  street: string;
}

/** The user's address book, the default first, then the newest. */
export function addressesOf(db: DbOrTx, userId: number) {
  return db
    .selectFrom("addresses")
    .selectAll()
    .where("userId", "=", userId)
    .orderBy("isDefault", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** The user's entry, or undefined when it is missing or someone else's. */
export function findAddress(db: DbOrTx, userId: number, id: number) {
  return db.selectFrom("addresses").selectAll().where("id", "=", id).where("userId", "=", userId).executeTakeFirst();
}

export async function countAddresses(db: DbOrTx, userId: number): Promise<number> {
  const row = await db
    .selectFrom("addresses")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("userId", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertAddress(
  db: DbOrTx,
  address: AddressFields & { userId: number; isDefault: boolean; createdAt: string },
) {
  return db
    .insertInto("addresses")
    .values({ ...address, isDefault: address.isDefault ? 1 : 0 })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateAddress(db: DbOrTx, userId: number, id: number, fields: AddressFields) {
  return db
    .updateTable("addresses")
    .set(fields)
    .where("id", "=", id)
    .where("userId", "=", userId)
    .returningAll()
    .executeTakeFirst();
}

/** Makes the entry the user's only default. */
export async function makeDefault(db: DbOrTx, userId: number, id: number): Promise<void> {
  await db
    .updateTable("addresses")
    .set((eb) => ({ isDefault: eb.case().when("id", "=", id).then(1).else(0).end() }))
    .where("userId", "=", userId)
    .execute();
}

/** The deleted row, or undefined when it was missing or someone else's. */
export function deleteAddress(db: DbOrTx, userId: number, id: number) {
  return db.deleteFrom("addresses").where("id", "=", id).where("userId", "=", userId).returningAll().executeTakeFirst();
}

/** The user's newest entry, if any is left. */
export function newestAddress(db: DbOrTx, userId: number) {
  return db
    .selectFrom("addresses")
    .select("id")
    .where("userId", "=", userId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}
