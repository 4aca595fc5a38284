/**
 * 协助恢复账号: the owner of an account that signs in with passkeys only lost every passkey, and
 * asked the platform (by the account's e-mail, say). A moderator who has recognised them turns
 * 仅通行密钥登录 off, which lets the e-mail reset work again, removes the lost passkeys and ends every session, after proving
 * it is them (身份验证); the audit log keeps who did it and how the owner was recognised, and the
 * owner is told by e-mail, so a recovery asked for by someone else does not go unseen.
 */
import type { AccountRecoveryBody, ModerationLogEntry } from "@xianzhi/contract";
import { appError } from "../../errors.js";
import { nowIso } from "../../lib/clock.js";
import { sendNotice } from "../../plugins/mail.js";
import type { Deps } from "../../services.js";
import {
  accountRecoveredNotice,
  type CurrentUser,
  deletePasskeysOf,
  deleteSessionsOfUser,
  endPasskeyOnly,
  findUserByUsername,
  requireFreshProof,
} from "../accounts/index.js";
import { writeLog } from "./moderation-log.js";

export async function recoverAccount(
  deps: Deps<"db" | "mailer" | "log">,
  moderator: CurrentUser,
  body: AccountRecoveryBody,
): Promise<{ entry: ModerationLogEntry; userId: number }> {
  await requireFreshProof(deps, moderator);
  const user = await findUserByUsername(deps.db, body.username);
  if (!user || user.deletedAt) throw appError("USER_NOT_FOUND");
  const entry = await deps.db.transaction().execute(async (tx) => {
    // Of two moderators at once, one turns it off; the other finds it off.
    if (!(await endPasskeyOnly(tx, user.id))) throw appError("NOT_PASSKEY_ONLY");
    // The lost devices' passkeys go too: whoever holds one of them does not sign in with it.
    await deletePasskeysOf(tx, user.id);
    await deleteSessionsOfUser(tx, user.id);
    return writeLog(tx, {
      moderatorId: moderator.userId,
      action: "recover_account",
      targetType: "user",
      targetId: user.id,
      targetUserId: user.id,
      reason: body.reason,
      days: null,
      resolvedReports: 0,
      createdAt: nowIso(),
    });
  });
  await sendNotice(deps, accountRecoveredNotice(user.email, user.username), user.id);
  return { entry, userId: user.id };
}
