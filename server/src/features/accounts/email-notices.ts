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
