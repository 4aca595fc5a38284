/**
 * 通行密钥 in the personal centre: the account's passkeys (added and removed with a fresh proof,
 * as a stolen session must not plant a key of its own), and 仅通行密钥登录, which refuses the
 * password at sign-in and at e-mail reset; switching it on needs a passkey's proof, not a
 * password's, so that whoever switches it on shows they can still get in.
 */
import {
  type AddPasskeyBody,
  type Passkey,
  PasskeyLimits,
  type PasskeyOnlyBody,
  type Passkeys,
  type WebAuthnOptions,
} from "@xianzhi/contract";
import type { DbOrTx } from "../../db/database.js";
import { uniqueViolation } from "../../db/errors.js";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import { sendNotice } from "../../plugins/mail.js";
import type { Deps } from "../../services.js";
import type { CurrentUser } from "./account-service.js";
import { passkeyAddedNotice } from "./email-notices.js";
import { requireFreshProof } from "./identity-proof.js";
import * as keys from "./passkey-repository.js";
import { findUserById } from "./user-repository.js";
import { registrationOptions, verifyRegistration } from "./webauthn.js";

type PasskeyRow = Awaited<ReturnType<typeof keys.passkeysOf>>[number];

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
  synced: row.backedUp === 1,
});

export async function listPasskeys({ db }: Deps<"db">, me: CurrentUser): Promise<Passkeys> {
  const [rows, passkeyOnly] = await Promise.all([keys.passkeysOf(db, me.userId), keys.isPasskeyOnly(db, me.userId)]);
  return { passkeys: rows.map(toPasskey), passkeyOnly };
}

async function refuseWhenFull(db: DbOrTx, me: CurrentUser): Promise<void> {
  if ((await keys.countPasskeys(db, me.userId)) >= PasskeyLimits.perAccount) throw appError("PASSKEYS_FULL");
}

/** The prompt's options for a new passkey of the caller's: after a fresh proof, up to the limit. */
export async function newPasskeyOptions(deps: Deps<"db" | "config">, me: CurrentUser): Promise<WebAuthnOptions> {
  await requireFreshProof(deps, me);
  await refuseWhenFull(deps.db, me);
  const user = await findUserById(deps.db, me.userId);
  if (!user) throw appError("SESSION_EXPIRED");
  return registrationOptions(deps, { ...me, username: user.username });
}

/** A new passkey of the caller's, after a fresh proof; the owner is told by e-mail. */
export async function addPasskey(
  deps: Deps<"db" | "config" | "mailer" | "log">,
  me: CurrentUser,
  body: AddPasskeyBody,
): Promise<Passkey> {
  await requireFreshProof(deps, me);
  const key = await verifyRegistration(deps, me.sessionId, body);
  const row = await deps.db
    .transaction()
    .execute(async (tx) => {
      await keys.lockPasskeyAccount(tx, me.userId);
      await refuseWhenFull(tx, me);
      return keys.insertPasskey(tx, { userId: me.userId, ...key, name: body.name, now: nowIso() });
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error)) throw appError("PASSKEY_EXISTS");
      throw error;
    });
  const user = await findUserById(deps.db, me.userId);
  if (user) await sendNotice(deps, passkeyAddedNotice(user.email, user.username, row.name), user.id);
  return toPasskey(row);
}

/** Removes one of the caller's passkeys; the last one stays while 仅通行密钥登录 is on. */
export async function removePasskey(deps: Deps<"db">, me: CurrentUser, passkeyId: number): Promise<void> {
  await requireFreshProof(deps, me);
  await deps.db.transaction().execute(async (tx) => {
    await keys.lockPasskeyAccount(tx, me.userId);
    if (!(await keys.deletePasskey(tx, me.userId, passkeyId))) throw appError("PASSKEY_NOT_FOUND");
    if ((await keys.isPasskeyOnly(tx, me.userId)) && (await keys.countPasskeys(tx, me.userId)) === 0) {
      throw appError("PASSKEY_LAST");
    }
  });
}

/** 仅通行密钥登录 on (after a passkey's proof) or off (after the account's proof). */
export async function setPasskeyOnly(deps: Deps<"db">, me: CurrentUser, body: PasskeyOnlyBody): Promise<Passkeys> {
  if (body.on && (await keys.countPasskeys(deps.db, me.userId)) === 0) throw appError("PASSKEY_NEEDED");
  await requireFreshProof(deps, me, body.on ? { by: "passkey" } : {});
  await deps.db.transaction().execute(async (tx) => {
    await keys.lockPasskeyAccount(tx, me.userId);
    // The last passkey may have been removed since the check above: on then needs one still.
    if (body.on && (await keys.countPasskeys(tx, me.userId)) === 0) throw appError("PASSKEY_NEEDED");
    await keys.setPasskeyOnly(tx, me.userId, body.on ? nowIso() : null);
  });
  return listPasskeys(deps, me);
}
