import type { Mail } from "../../plugins/mail.js";

/** "alice@example.com" -> "a***@example.com": enough for the owner to recognise, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** Sent to the old address after the account's e-mail was changed. */
export function emailChangedNotice(oldEmail: string, username: string, newEmail: string): Mail {
  return {
    to: oldEmail,
    subject: "【闲置】您的账号邮箱已更换",
    text: [
      `您的闲置账号（用户名：${username}）绑定的邮箱已更换为 ${maskEmail(newEmail)}。`,
      "此后登录验证与找回密码的邮件都将发往新邮箱，本邮箱不再收到。",
      "如果这不是您本人的操作，说明您的密码可能已经泄露：请立即用用户名和密码登录，先修改密码，再把邮箱改回；如果已无法登录，请回复此邮件联系我们处理。",
    ].join("\n"),
  };
}

/**
 * Sent instead of a registration code to an address that already has an account: its owner learns
 * that someone tried, and how to get in if it was them. The one who asked is told the same as for
 * a free address, so registration does not say which addresses have accounts.
 */
export function registrationAttemptNotice(email: string, owner: { username: string; closed: boolean }): Mail {
  const text = owner.closed
    ? [
        "有人刚刚尝试用本邮箱注册闲置账号。",
        `本邮箱绑定的账号（用户名：${owner.username}）已注销，注销满 30 天后本邮箱才能用于注册新账号。`,
        "如果这不是您本人的操作，请忽略此邮件。",
      ]
    : [
        "有人刚刚尝试用本邮箱注册闲置账号，但本邮箱已经注册过账号，所以这次没有发送验证码。",
        `如果是您本人：您的账号（用户名：${owner.username}）仍然可用，请直接登录；忘记密码可在登录页点「忘记密码？」用本邮箱重置。`,
        "如果这不是您本人的操作，请忽略此邮件，您的账号不受影响。",
      ];
  return { to: email, subject: "【闲置】有人尝试用您的邮箱注册", text: text.join("\n") };
}

/** Sent instead of a code when another account asks to move to an address that has an account. */
export function emailChangeAttemptNotice(email: string, owner: { username: string }): Mail {
  return {
    to: email,
    subject: "【闲置】有人尝试绑定您的邮箱",
    text: [
      "有人刚刚尝试把本邮箱绑定到另一个闲置账号。本邮箱已经绑定了您的账号" +
        `（用户名：${owner.username}），所以这次没有发送验证码，您的账号不受影响。`,
      "如果这是您本人在另一个账号上的操作：一个邮箱只能绑定一个账号，请换一个邮箱。",
      "如果这不是您本人的操作，请忽略此邮件。",
    ].join("\n"),
  };
}

/** Sent instead of a reset code to the address of a closed account: there is nothing to reset. */
export function closedAccountResetNotice(email: string, username: string): Mail {
  return {
    to: email,
    subject: "【闲置】无法重置密码：账号已注销",
    text: [
      `有人刚刚为本邮箱绑定的闲置账号（用户名：${username}）申请重置密码，但该账号已注销，无法重置，所以这次没有发送验证码。`,
      "注销满 30 天后，本邮箱可以用于注册新账号。",
      "如果这不是您本人的操作，请忽略此邮件。",
    ].join("\n"),
  };
}

/** Sent when a moderator turned 仅通行密钥登录 off for the owner, who lost every passkey. */
export function accountRecoveredNotice(email: string, username: string): Mail {
  return {
    to: email,
    subject: "【闲置】管理员已协助恢复您的账号",
    text: [
      `应您的申请，管理员已为您的闲置账号（用户名：${username}）关闭仅通行密钥登录、删除了所有通行密钥，所有设备都已退出登录。`,
      "请在登录页点「忘记密码？」，用本邮箱设置新密码后登录，再到「账号安全」中添加新的通行密钥。",
      "如果您没有申请过恢复账号，请立即用本邮箱重置密码，并回复此邮件联系我们。",
    ].join("\n"),
  };
}

/** Sent when a passkey is added to the account: one planted by someone else does not go unseen. */
export function passkeyAddedNotice(email: string, username: string, passkeyName: string): Mail {
  return {
    to: email,
    subject: "【闲置】您的账号添加了新的通行密钥",
    text: [
      `您的闲置账号（用户名：${username}）刚刚添加了通行密钥「${passkeyName}」，今后可以用它登录。`,
      "如果是您本人，无需处理。",
      "如果不是您本人，请立即在登录页点「忘记密码？」用本邮箱重置密码：重置会删除账号的所有通行密钥，并让所有设备退出登录。",
    ].join("\n"),
  };
}
