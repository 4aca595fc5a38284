import { type Address, type AddressBody, OrderLimits } from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { lockUser } from "../../db/user-lock.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import type { Deps } from "../../services.js";
import * as repo from "./address-repository.js";

/*
 * The address book keeps one default whenever it holds any entry: the first entry is it, making
 * another the default unsets it, and deleting it passes it to the newest entry left. Every write
 * runs under a lock on the user, so two at once can neither pass the limit nor leave two defaults.
 */

export function toAddress(row: repo.AddressRow): Address {
  return {
    id: String(row.id),
    recipientName: row.recipientName,
    phone: row.phone,
    region: row.region,
    street: row.street,
    isDefault: row.isDefault === 1,
    createdAt: row.createdAt,
  };
}

/** The user's address book, the default first. */
export async function addressesOf(db: DbOrTx, userId: number): Promise<Address[]> {
  return (await repo.addressesOf(db, userId)).map(toAddress);
}

/** The user's entry; undefined when it is missing or another user's, which are not told apart. */
export async function findAddressOf(db: DbOrTx, userId: number, addressId: number): Promise<Address | undefined> {
  const row = await repo.findAddress(db, userId, addressId);
  return row && toAddress(row);
}

const fieldsOf = ({ recipientName, phone, region, street }: AddressBody): repo.AddressFields => ({
  recipientName,
  phone,
  region,
  street,
});

export async function addAddress({ db }: Deps<"db">, userId: number, body: AddressBody): Promise<Address> {
  return db.transaction().execute(async (tx) => {
    await lockUser(tx, userId);
    const count = await repo.countAddresses(tx, userId);
    if (count >= OrderLimits.addressesMax) throw appError("ADDRESSES_FULL");
    const isDefault = body.isDefault || count === 0;
    const row = await repo.insertAddress(tx, { ...fieldsOf(body), userId, isDefault, createdAt: nowIso() });
    if (isDefault && count > 0) await repo.makeDefault(tx, userId, row.id);
    return toAddress(row);
  });
}

/**
 * Rewrites the entry. `isDefault: true` makes it the default; false leaves the default where it
 * is (a book with entries always has one: another entry is made the default to move it).
 */
export async function editAddress({ db }: Deps<"db">, userId: number, id: number, body: AddressBody): Promise<Address> {
  return db.transaction().execute(async (tx) => {
    await lockUser(tx, userId);
    const row = await repo.updateAddress(tx, userId, id, fieldsOf(body));
    if (!row) throw appError("ADDRESS_NOT_FOUND");
    if (!body.isDefault || row.isDefault === 1) return toAddress(row);
    await repo.makeDefault(tx, userId, id);
    return toAddress({ ...row, isDefault: 1 });
  });
}

export async function deleteAddress({ db }: Deps<"db">, userId: number, id: number): Promise<null> {
  return db.transaction().execute(async (tx) => {
    await lockUser(tx, userId);
    const deleted = await repo.deleteAddress(tx, userId, id);
    if (!deleted) throw appError("ADDRESS_NOT_FOUND");
    const newest = deleted.isDefault === 1 ? await repo.newestAddress(tx, userId) : undefined;
    if (newest) await repo.makeDefault(tx, userId, newest.id);
    return null;
  });
}
