/**
 * What makes a chat message worth a safety reminder: moving the deal off the product, where
 * nothing protects either side. One table, read by the app for the banner the reader sees and the
 * note the sender sees; each rule says why it warns and what to do.
 */
export interface SafetyRule {
  id: SafetyRuleId;
  /** Tested on the message's text as written. */
  pattern: RegExp;
  /** The reader's banner. */
  warning: string;
}

export type SafetyRuleId = "link" | "phone" | "contact_id" | "pay_outside";

export const SAFETY_RULES: readonly SafetyRule[] = [
  {
    id: "link",
    // A web address, with or without its scheme (www.x.cn, t.cn/abc, taobao.com/item).
    pattern:
      /(https?:\/\/|www\.)[^\s]+|\b[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|cn|net|org|top|xyz|cc|io|me|vip|shop|link)\b(\/[^\s]*)?/i,
    warning: "消息中有外部链接：不要在站外链接里付款或填写账号、验证码。",
  },
  {
    id: "phone",
    // A mainland mobile number, spaced or dashed as people type it (138 1234 5678, +86-138…).
    pattern: /(\+?86[\s-]?)?1[3-9]\d[\s-]?\d{4}[\s-]?\d{4}(?!\d)/,
    warning: "消息中有手机号：站外联系时对方可能冒充客服或卖家，请在闲置聊天里沟通。",
  },
  {
    id: "contact_id",
    // A WeChat or QQ id offered or asked for: 加微信, vx: abc123, 薇信, QQ号 12345678, 扣扣.
    pattern:
      /(微信|威信|薇信|v信|vx|wx|wechat|weixin|qq|扣扣|企鹅)[\s号:：是]*[a-z0-9_-]{5,}|加(个)?(微信|威信|薇信|v|vx|qq|扣扣)/i,
    warning: "对方想换到微信或 QQ 交易：站外交易出了问题，闲置无法帮你追回。",
  },
  {
    id: "pay_outside",
    // Paying or being paid outside: 转账, 先付定金, 扫码付款, 私下交易, 不走平台.
    pattern:
      /(私下|线下|直接)(交易|转账|付款|支付)|转账|打款|先付|定金|订金|扫码(付|支付)|收款码|不走平台|绕过平台|走支付宝|微信支付/,
    warning: "涉及站外付款：请不要私下转账或先付定金，这是最常见的骗局。",
  },
];

/** The rules a message's text breaks, in the table's order; none for an ordinary message. */
export function safetyWarnings(text: string): SafetyRule[] {
  return SAFETY_RULES.filter((rule) => rule.pattern.test(text));
}

/** What the sender of such a message is told. */
export const SENDER_SAFETY_NOTE = "对方会看到安全提醒：为了双方安全，请在闲置内沟通和交易。";
