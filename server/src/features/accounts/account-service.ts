import {
  AccountLimits,
  type AuthResult,
  type ChangeEmailBody,
  type ChangePasswordBody,
  type ErrorName,
  type LoginByEmailBody,
  type LoginByUsernameBody,
  type RegisterBody,
  type ResetPasswordBody,
  type UpdateProfileBody,
  type UserInfo,
} from "@xianzhi/contract";
import type { Db, DbOrTx } from "../../db/database.js";
import { uniqueViolation } from "../../db/errors.js";
import { appError } from "../../errors.js";
import { isoAfterSeconds, nowIso } from "../../lib/clock.js";
import { hashPassword, randomToken, sha256, spendPasswordCheck, verifyPassword } from "../../lib/secrets.js";
import { spendEmailTicket } from "./email-code-service.js";
import {
  claimLoginAttempt,
  forgetLoginFailures,
  type LoginAttempt,
  loginAttempt,
  recordLoginFailure,
} from "./login-throttle.js";
import { deleteSessionsOfUser, insertSession } from "./session-repository.js";
import { toUserInfo } from "./user-mapper.js";
import {
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  type UserRow,
  updateUser,
} from "./user-repository.js";

export interface CurrentUser {
  userId: number;
  sessionId: number;
}

async function startSession(db: DbOrTx, user: UserRow): Promise<AuthResult> {
  const token = randomToken();
  await insertSession(db, {
    userId: user.id,
    tokenHash: sha256(token),
    now: nowIso(),
    expiresAt: isoAfterSeconds(AccountLimits.sessionTtlDays * 24 * 3600),
  });
  return { token, userInfo: toUserInfo(user) };
}

/** A lost race on a unique index reads as the same answer as the check before it. */
function explainUniqueViolation(error: unknown): never {
  const violated = uniqueViolation(error);
  if (violated?.includes("username")) throw appError("USERNAME_TAKEN");
  if (violated?.includes("email")) throw appError("EMAIL_TAKEN");
  throw error;
}

export async function register(db: Db, body: RegisterBody): Promise<AuthResult> {
  if (await findUserByUsername(db, body.username)) throw appError("USERNAME_TAKEN");
  if (await findUserByEmail(db, body.email)) throw appError("EMAIL_TAKEN");
  const passwordHash = await hashPassword(body.password);
  return db
    .transaction()
    .execute(async (tx) => {
      await spendEmailTicket(tx, body.emailTicket, body.email, "register");
      const user = await insertUser(tx, { username: body.username, email: body.email, passwordHash, now: nowIso() });
      return startSession(tx, user);
    })
    .catch(explainUniqueViolation);
}

export async function loginByUsername(db: Db, body: LoginByUsernameBody, ip: string): Promise<AuthResult> {
  const user = await findUserByUsername(db, body.username);
  return login(db, user, body.password, loginAttempt(user, body.username, ip), "USERNAME_LOGIN_FAILED");
}

export async function loginByEmail(db: Db, body: LoginByEmailBody, ip: string): Promise<AuthResult> {
  const user = await findUserByEmail(db, body.email);
  return login(db, user, body.password, loginAttempt(user, body.email, ip), "EMAIL_LOGIN_FAILED");
}

async function login(
  db: Db,
  user: UserRow | undefined,
  password: string,
  attempt: LoginAttempt,
  failure: ErrorName,
): Promise<AuthResult> {
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
  return startSession(db, user);
}

export async function getUserInfo(db: Db, userId: number): Promise<UserInfo> {
  const user = await findUserById(db, userId);
  if (!user) throw appError("SESSION_EXPIRED");
  return toUserInfo(user);
}

export async function updateProfile(db: Db, userId: number, body: UpdateProfileBody): Promise<UserInfo> {
  const user = await updateUser(db, userId, {
    ...(body.nickname !== undefined && { nickname: body.nickname }),
    ...(body.avatarUrl !== undefined && { avatarUrl: body.avatarUrl || null }),
    ...(body.bio !== undefined && { bio: body.bio }),
    updatedAt: nowIso(),
  });
  return toUserInfo(user);
}

export async function changeEmail(db: Db, userId: number, body: ChangeEmailBody): Promise<UserInfo> {
  const current = await getUserInfo(db, userId);
  if (current.email === body.email) throw appError("SAME_EMAIL");
  return db
    .transaction()
    .execute(async (tx) => {
      await spendEmailTicket(tx, body.emailTicket, body.email, "change_email");
      return toUserInfo(await updateUser(tx, userId, { email: body.email, updatedAt: nowIso() }));
    })
    .catch(explainUniqueViolation);
}

/** Every other session of the user ends: whoever knew the old password is signed out. */
export async function changePassword(db: Db, me: CurrentUser, body: ChangePasswordBody): Promise<null> {
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

export async function resetPassword(db: Db, body: ResetPasswordBody): Promise<null> {
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction().execute(async (tx) => {
    await spendEmailTicket(tx, body.emailTicket, body.email, "reset_password");
    const user = await findUserByEmail(tx, body.email);
    if (!user) throw appError("EMAIL_NOT_REGISTERED");
    await updateUser(tx, user.id, { passwordHash, updatedAt: nowIso() });
    await deleteSessionsOfUser(tx, user.id);
  });
  return null;
}
