import {
  AccountLimits,
  type AuthResult,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type ErrorName,
  type LoginByEmailBody,
  type LoginByUsernameBody,
  type PasskeyAnswerBody,
  type PasskeyLoginOptionsBody,
  type RegisterBody,
  type ResetPasswordBody,
  type TwoStepLoginBody,
  type UpdateProfileBody,
  type UserInfo,
  type WebAuthnOptions,
} from "@xianzhi/contract";
import type { Db, DbOrTx } from "../../db/database.js";
import { uniqueViolation } from "../../db/errors.js";
import { appError } from "../../errors.js";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import { hashPassword, randomToken, sha256, spendPasswordCheck, verifyPassword } from "../../lib/secrets.js";
import { sendNotice } from "../../plugins/mail.js";
import type { Deps } from "../../services.js";
import { refuseSuspended } from "../suspensions/index.js";
import { ownAvatarAddress } from "./avatar.js";
import { spendEmailTicket } from "./email-code-service.js";
import { emailChangedNotice } from "./email-notices.js";
import { requireFreshProof } from "./identity-proof.js";
import {
  claimLoginAttempt,
  forgetLoginFailures,
  type LoginAttempt,
  loginAttempt,
  recordLoginFailure,
} from "./login-throttle.js";
import { alertNewDevice, deviceCookie, noteSignInDevice, type SignInDevice } from "./new-devices.js";
import { deletePasskeysOf, isPasskeyOnly } from "./passkey-repository.js";
import { deleteSession, deleteSessionsOfUser, insertSession, type SessionClient } from "./session-repository.js";
import { takeTicket, ticketHolder, twoStepChallenge, withSecondStep } from "./two-step.js";
import { toUserInfo } from "./user-mapper.js";
import {
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  type UserRow,
  updateUser,
} from "./user-repository.js";
import { authenticationOptions, withPasskeyAnswer } from "./webauthn.js";

export interface CurrentUser {
  userId: number;
  sessionId: number;
}

/** A sign-in's answer, and the device it came from (its cookie, and the alert when it is new to the account). */
export type SignIn = AuthResult & { device: SignInDevice };

/** A new session of the user's; `passkeyId`: the passkey it signed in with, null for the password. */
async function startSession(
  db: DbOrTx,
  user: UserRow,
  client: SessionClient,
  passkeyId: number | null = null,
): Promise<SignIn> {
  const token = randomToken();
  const sessionId = await insertSession(db, {
    userId: user.id,
    tokenHash: sha256(token),
    now: nowIso(),
    expiresAt: isoAfterSeconds(AccountLimits.sessionTtlDays * 24 * 3600),
    client,
  });
  const device = await noteSignInDevice(db, { userId: user.id, sessionId, passkeyId }, client);
  return { token, userInfo: toUserInfo(user), device };
}

/**
 * After a sign-in has committed: the owner is told when it came from a new device, and the answer
 * is the contract's, with the device cookie for the route to set.
 */
export async function finishSignIn(
  deps: Deps<"db" | "outbox" | "mailer" | "log" | "config" | "places">,
  signIn: SignIn,
): Promise<{ auth: AuthResult; cookie: string }> {
  const { device, ...auth } = signIn;
  // The sign-in has committed: an alert that fails is logged, and the answer still gives the token.
  if (device.newDevice) {
    await alertNewDevice(deps, device.newDevice).catch((error: unknown) => {
      deps.log.error({ err: error, userId: auth.userInfo.id }, "the new-device alert failed");
    });
  }
  return { auth, cookie: deviceCookie(device.token, deps.config) };
}

/** A lost race on a unique index reads as the same answer as the check before it. */
function explainUniqueViolation(error: unknown): never {
  const violated = uniqueViolation(error);
  if (violated?.includes("username")) throw appError("USERNAME_TAKEN");
  if (violated?.includes("email")) throw appError("EMAIL_TAKEN");
  throw error;
}

/**
 * The e-mail ticket is checked first, inside the transaction, and the password is hashed before
 * it whatever happens: a bogus ticket answers EMAIL_TICKET_INVALID in the same time for a
 * registered and an unknown address, so registration tells nobody which addresses have accounts.
 */
export async function register({ db }: Deps<"db">, body: RegisterBody, client: SessionClient): Promise<SignIn> {
  const passwordHash = await hashPassword(body.password);
  return db
    .transaction()
    .execute(async (tx) => {
      await spendEmailTicket(tx, body.emailTicket, body.email, "register");
      if (await findUserByUsername(tx, body.username)) throw appError("USERNAME_TAKEN");
      if (await findUserByEmail(tx, body.email)) throw appError("EMAIL_TAKEN");
      const user = await insertUser(tx, { username: body.username, email: body.email, passwordHash, now: nowIso() });
      return startSession(tx, user, client);
    })
    .catch(explainUniqueViolation);
}

export async function loginByUsername(
  { db }: Deps<"db">,
  body: LoginByUsernameBody,
  client: SessionClient,
): Promise<SignIn> {
  const user = await findUserByUsername(db, body.username);
  return login(db, user, body.password, loginAttempt(user, body.username, client.ip), "USERNAME_LOGIN_FAILED", client);
}

export async function loginByEmail({ db }: Deps<"db">, body: LoginByEmailBody, client: SessionClient): Promise<SignIn> {
  const user = await findUserByEmail(db, body.email);
  return login(db, user, body.password, loginAttempt(user, body.email, client.ip), "EMAIL_LOGIN_FAILED", client);
}

async function login(
  db: Db,
  user: UserRow | undefined,
  password: string,
  attempt: LoginAttempt,
  failure: ErrorName,
  client: SessionClient,
): Promise<SignIn> {
  await claimLoginAttempt(db, attempt);
  // An unknown account costs the same time as a wrong password, so timing does not tell them apart.
  const passwordMatches = user
    ? await verifyPassword(password, user.passwordHash)
    : await spendPasswordCheck(password).then(() => false);
  if (!user || !passwordMatches) {
    await recordLoginFailure(db);
    throw appError(failure);
  }
  await forgetLoginFailures(db, attempt);
  // Told only to whoever knows the password: to anyone else a closed account is a wrong password.
  if (user.deletedAt) throw appError("ACCOUNT_DELETED");
  // Told only to whoever knows the password: the suspension is no one else's business.
  await refuseSuspended({ db }, user);
  if (await isPasskeyOnly(db, user.id)) throw appError("PASSKEY_ONLY");
  const challenge = await twoStepChallenge(db, user.id);
  if (challenge) throw appError("TWO_STEP_REQUIRED", undefined, challenge);
  return startSession(db, user, client);
}

/** The second step of a sign-in: the ticket the right password answered, and a code. */
export async function loginWithTwoStep(
  { db }: Deps<"db">,
  body: TwoStepLoginBody,
  client: SessionClient,
): Promise<SignIn> {
  const user = await findUserById(db, await ticketHolder(db, body.twoStepTicket));
  if (!user || user.deletedAt) throw appError("TWO_STEP_TICKET_INVALID");
  await refuseSuspended({ db }, user);
  // A ticket the password gave before 仅通行密钥登录 was switched on opens nothing since.
  if (await isPasskeyOnly(db, user.id)) throw appError("PASSKEY_ONLY");
  return withSecondStep(db, user.id, body.code, async (tx) => {
    await takeTicket(tx, body.twoStepTicket);
    return startSession(tx, user, client);
  });
}

/** The prompt's options for signing in with a passkey: the account's when a user name was typed first, else any of this site's. */
export async function passkeyLoginOptions(
  deps: Deps<"db" | "config">,
  body: PasskeyLoginOptionsBody,
): Promise<WebAuthnOptions> {
  const user = body.username ? await findUserByUsername(deps.db, body.username) : undefined;
  // An unknown name gets the same options as no name: the answer tells nobody which names exist.
  return authenticationOptions(deps, "login", { sessionId: null, userId: user?.id ?? null });
}

/**
 * Signs in with a passkey's answer. A passkey is both factors at once (the device, unlocked by its
 * owner's fingerprint, face or PIN), so two-step sign-in asks nothing more.
 */
export async function loginWithPasskey(
  deps: Deps<"db" | "config" | "log">,
  body: PasskeyAnswerBody,
  client: SessionClient,
): Promise<SignIn> {
  return withPasskeyAnswer(deps, "login", null, body, async (tx, key) => {
    const user = await findUserById(tx, key.userId);
    if (!user || user.deletedAt) throw appError("PASSKEY_UNKNOWN");
    await refuseSuspended({ db: tx }, user);
    return startSession(tx, user, client, key.id);
  });
}

export async function getUserInfo({ db }: Deps<"db">, userId: number): Promise<UserInfo> {
  const user = await findUserById(db, userId);
  if (!user) throw appError("SESSION_EXPIRED");
  return toUserInfo(user);
}

export async function updateProfile({ db }: Deps<"db">, userId: number, body: UpdateProfileBody): Promise<UserInfo> {
  const avatarUrl = body.avatarUrl ? await ownAvatarAddress(db, userId, body.avatarUrl) : body.avatarUrl;
  const user = await updateUser(db, userId, {
    ...(body.nickname !== undefined && { nickname: body.nickname }),
    ...(avatarUrl !== undefined && { avatarUrl: avatarUrl || null }),
    ...(body.bio !== undefined && { bio: body.bio }),
    updatedAt: nowIso(),
  });
  return toUserInfo(user);
}

/**
 * Asks for the password (and, with two-step sign-in on, a proof of the last five minutes: 身份验证),
 * so a borrowed signed-in browser cannot take the account over, and tells
 * the old address, so its owner learns of a change they did not make. A wrong password spends
 * nothing: the ticket stays good for the next try.
 */
export async function changeEmail(
  deps: Deps<"db" | "mailer" | "log">,
  me: CurrentUser,
  body: ChangeEmailBody,
): Promise<UserInfo> {
  const { db } = deps;
  const userId = me.userId;
  await requireFreshProof(deps, me, { carriesPassword: true });
  const user = await findUserById(db, userId);
  if (!user) throw appError("SESSION_EXPIRED");
  if (!(await verifyPassword(body.password, user.passwordHash))) {
    throw appError("OLD_PASSWORD_WRONG", "当前密码错误");
  }
  if (user.email === body.email) throw appError("SAME_EMAIL");
  const changed = await db
    .transaction()
    .execute(async (tx) => {
      await spendEmailTicket(tx, body.emailTicket, body.email, "change_email");
      return toUserInfo(await updateUser(tx, userId, { email: body.email, updatedAt: nowIso() }));
    })
    .catch(explainUniqueViolation);
  // The change is made by now: the old address is told, and a notice that cannot be sent is logged.
  await sendNotice(deps, emailChangedNotice(user.email, user.username, changed.email), user.id);
  return changed;
}

/** Every other session of the user ends: whoever knew the old password is signed out. */
export async function changePassword({ db }: Deps<"db">, me: CurrentUser, body: ChangePasswordBody): Promise<null> {
  await requireFreshProof({ db }, me, { carriesPassword: true });
  const user = await findUserById(db, me.userId);
  if (!user) throw appError("SESSION_EXPIRED");
  if (!(await verifyPassword(body.oldPassword, user.passwordHash))) throw appError("OLD_PASSWORD_WRONG");
  if (body.oldPassword === body.newPassword) throw appError("SAME_PASSWORD");
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction().execute(async (tx) => {
    await updateUser(tx, me.userId, { passwordHash, updatedAt: nowIso() });
    await deleteSessionsOfUser(tx, me.userId, me.sessionId);
  });
  return null;
}

/** Answers the id of the user whose sessions have all ended. */
export async function resetPassword({ db }: Deps<"db">, body: ResetPasswordBody): Promise<number> {
  const passwordHash = await hashPassword(body.newPassword);
  return db.transaction().execute(async (tx) => {
    await spendEmailTicket(tx, body.emailTicket, body.email, "reset_password");
    const user = await findUserByEmail(tx, body.email);
    if (!user) throw appError("EMAIL_NOT_REGISTERED");
    if (user.deletedAt) throw appError("ACCOUNT_DELETED");
    // An e-mail alone does not open an account that signs in with passkeys only.
    if (await isPasskeyOnly(tx, user.id))
      throw appError("PASSKEY_ONLY", "该账号已开启仅通行密钥登录，不能用邮箱重置密码，请使用通行密钥登录");
    await updateUser(tx, user.id, { passwordHash, updatedAt: nowIso() });
    await deleteSessionsOfUser(tx, user.id);
    // Whoever had the account may have added a passkey of their own: a reset takes every one away.
    await deletePasskeysOf(tx, user.id);
    return user.id;
  });
}

/** Ends the caller's own session: the token stops working at once, whoever else holds it. */
export function logout({ db }: Deps<"db">, me: CurrentUser): Promise<void> {
  return deleteSession(db, me.sessionId);
}
