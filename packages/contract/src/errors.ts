/**
 * Every error the API can answer with, in one table. Protocol errors carry their HTTP status as
 * the code; business errors answer HTTP 200 with a code of their own and a message a person can
 * act on.
 */
export const Errors = {
  BAD_REQUEST: { status: 400, code: 400, msg: "请求参数错误" },
  INVALID_JSON: { status: 400, code: 400, msg: "请求体不是合法的 JSON" },
  UNAUTHORIZED: { status: 401, code: 401, msg: "请先登录" },
  SESSION_EXPIRED: { status: 401, code: 401, msg: "登录已失效，请重新登录" },
  FORBIDDEN: { status: 403, code: 403, msg: "没有操作权限" },
  NOT_FOUND: { status: 404, code: 404, msg: "资源不存在" },
  API_NOT_FOUND: { status: 404, code: 404, msg: "接口不存在" },
  METHOD_NOT_ALLOWED: { status: 405, code: 405, msg: "请求方法不被允许" },
  REQUEST_TIMEOUT: { status: 408, code: 408, msg: "请求超时，请重试" },
  PAYLOAD_TOO_LARGE: { status: 413, code: 413, msg: "请求体或文件过大" },
  URI_TOO_LONG: { status: 414, code: 414, msg: "请求地址过长" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, code: 415, msg: "不支持的内容类型" },
  UPGRADE_REQUIRED: { status: 426, code: 426, msg: "请使用 WebSocket 连接" },
  TOO_MANY_REQUESTS: { status: 429, code: 429, msg: "请求过于频繁，请稍后再试" },
  EMAIL_SEND_TOO_OFTEN: { status: 429, code: 429, msg: "验证码发送过于频繁，请稍后再试" },
  LOGIN_TOO_MANY_FAILURES: { status: 429, code: 429, msg: "登录失败次数过多，请稍后再试" },
  HEADERS_TOO_LARGE: { status: 431, code: 431, msg: "请求头过大" },
  INTERNAL: { status: 500, code: 500, msg: "服务器内部错误" },
  SERVICE_UNAVAILABLE: { status: 503, code: 503, msg: "服务暂时不可用，请稍后再试" },

  // A captcha is used up by any answer, right or wrong (one guess each): the client shows a new
  // picture with these words, so they say that it did.
  CAPTCHA_WRONG: { status: 200, code: 1001, msg: "验证码不正确，已换一张新的" },
  CAPTCHA_EXPIRED: { status: 200, code: 1002, msg: "验证码已过期，已换一张新的" },
  CAPTCHA_TICKET_INVALID: { status: 200, code: 1003, msg: "图形验证已失效，请重新验证" },
  EMAIL_CODE_WRONG: { status: 200, code: 1004, msg: "邮箱验证码错误" },
  EMAIL_CODE_EXPIRED: { status: 200, code: 1005, msg: "邮箱验证码已失效，请重新获取" },
  EMAIL_CODE_TOO_MANY_TRIES: { status: 200, code: 1006, msg: "验证码错误次数过多，请重新获取" },
  EMAIL_TICKET_INVALID: { status: 200, code: 1007, msg: "邮箱验证已失效，请重新验证" },
  EMAIL_SEND_FAILED: { status: 200, code: 1008, msg: "邮件发送失败，请稍后再试" },

  USERNAME_TAKEN: { status: 200, code: 1101, msg: "用户名已被注册" },
  EMAIL_TAKEN: { status: 200, code: 1102, msg: "该邮箱已被注册" },
  EMAIL_NOT_REGISTERED: { status: 200, code: 1103, msg: "该邮箱未注册" },
  USERNAME_LOGIN_FAILED: { status: 200, code: 1104, msg: "用户名或密码错误" },
  EMAIL_LOGIN_FAILED: { status: 200, code: 1105, msg: "邮箱或密码错误" },
  OLD_PASSWORD_WRONG: { status: 200, code: 1106, msg: "原密码错误" },
  SAME_PASSWORD: { status: 200, code: 1107, msg: "新密码不能与原密码相同" },
  SAME_EMAIL: { status: 200, code: 1108, msg: "新邮箱与当前邮箱相同" },
  SESSION_NOT_FOUND: { status: 404, code: 404, msg: "该登录设备不存在或已退出" },
  // 两步验证 (two-step sign-in): a right password answers TWO_STEP_REQUIRED with a ticket in data.
  TWO_STEP_REQUIRED: { status: 200, code: 1109, msg: "请输入两步验证码" },
  TWO_STEP_CODE_WRONG: { status: 200, code: 1110, msg: "两步验证码不正确" },
  TWO_STEP_CODE_USED: { status: 200, code: 1111, msg: "这个验证码已用过，请等待验证器显示下一个" },
  TWO_STEP_TICKET_INVALID: { status: 200, code: 1112, msg: "登录已超时，请重新输入密码" },
  TWO_STEP_LOCKED: { status: 429, code: 429, msg: "两步验证码错误次数过多，请 15 分钟后再试" },
  TWO_STEP_ALREADY_ON: { status: 200, code: 1113, msg: "两步验证已开启" },
  TWO_STEP_NOT_SET_UP: { status: 200, code: 1114, msg: "请先重新开始设置两步验证" },
  TWO_STEP_OFF: { status: 200, code: 1115, msg: "两步验证未开启" },
  // A change of money or identity, without a proof of the last 5 minutes: data = { method }.
  PROOF_REQUIRED: { status: 200, code: 1116, msg: "为保护账号安全，请先验证身份" },
  // 通行密钥 (passkeys): each ceremony's challenge is used once, by the session (or sign-in) it was made for.
  PASSKEY_CHALLENGE_INVALID: { status: 200, code: 1117, msg: "通行密钥验证已失效，请重试" },
  PASSKEY_REJECTED: { status: 200, code: 1118, msg: "通行密钥验证未通过，请重试" },
  PASSKEY_UNKNOWN: { status: 200, code: 1119, msg: "这个通行密钥不属于本站的账号，可能已被删除" },
  PASSKEY_CLONED: { status: 200, code: 1120, msg: "这个通行密钥的使用记录异常，可能已被复制，已拒绝使用" },
  PASSKEY_ONLY: { status: 200, code: 1121, msg: "该账号已开启仅通行密钥登录，请使用通行密钥登录" },
  PASSKEY_LAST: { status: 200, code: 1122, msg: "仅通行密钥登录开启时，至少要保留一个通行密钥" },
  PASSKEYS_FULL: { status: 200, code: 1123, msg: "最多添加 20 个通行密钥" },
  PASSKEY_EXISTS: { status: 200, code: 1124, msg: "这个通行密钥已经添加过了" },
  PASSKEY_NEEDED: { status: 200, code: 1125, msg: "请先添加一个通行密钥" },
  PASSKEY_NOT_FOUND: { status: 404, code: 404, msg: "通行密钥不存在或已删除" },
  NOT_PASSKEY_ONLY: {
    status: 200,
    code: 1127,
    msg: "该账号没有开启仅通行密钥登录，用户可以在登录页用邮箱重置密码",
  },
  DEVICE_ALERT_INVALID: {
    status: 200,
    code: 1126,
    msg: "这个链接已失效或已用过，请登录后在“账号安全 → 登录设备”中查看并下线陌生设备",
  },

  GOODS_NOT_FOUND: { status: 404, code: 404, msg: "闲置不存在或已删除" },
  NOT_YOUR_GOODS: { status: 403, code: 403, msg: "只能管理自己发布的闲置" },
  COMMENT_NOT_FOUND: { status: 404, code: 404, msg: "回复的评论不存在" },
  NO_FILE: { status: 400, code: 400, msg: "请选择要上传的图片" },
  FILE_TOO_LARGE: { status: 413, code: 413, msg: "图片不能超过 10 MB" },
  UNSUPPORTED_IMAGE: { status: 415, code: 415, msg: "仅支持 JPG、PNG、WebP、GIF 格式的图片" },
  BROKEN_IMAGE: { status: 400, code: 400, msg: "图片已损坏或不完整，请换一张" },
  FILE_NOT_FOUND: { status: 404, code: 404, msg: "图片不存在或已过期，请重新上传" },
  BAD_AVATAR: { status: 400, code: 400, msg: "头像须是你在本站上传的图片" },
  NOT_YOUR_FILE: { status: 403, code: 403, msg: "只能使用自己上传的图片" },
  FILE_IN_USE: { status: 200, code: 1201, msg: "这张图片已用在其他闲置上" },
  STORAGE_QUOTA_EXCEEDED: { status: 413, code: 413, msg: "图片空间已用完，请删除不用的闲置或图片后再上传" },
  /** The server's disk (not the user's quota) has no room: nothing was kept, a later try may pass. */
  STORAGE_FULL: { status: 503, code: 503, msg: "存储空间不足，暂时无法上传图片，请稍后再试" },
  TOO_MANY_PICTURES: { status: 200, code: 1202, msg: "每件闲置最多 9 张图片" },
  FAVORITE_OWN_GOODS: { status: 200, code: 1301, msg: "不能收藏自己发布的闲置" },

  USER_NOT_FOUND: { status: 404, code: 404, msg: "用户不存在" },
  CHAT_NOT_FOUND: { status: 404, code: 404, msg: "会话不存在" },
  NOT_CHAT_MEMBER: { status: 403, code: 403, msg: "你不在这个会话中" },
  CHAT_WITH_SELF: { status: 200, code: 1401, msg: "不能和自己聊天" },
  BAD_FRAME: { status: 400, code: 400, msg: "消息格式不正确" },
  BAD_IMAGE_MESSAGE: { status: 400, code: 400, msg: "图片消息须是本站上传的图片" },

  OFFER_NOT_FOUND: { status: 404, code: 404, msg: "出价不存在" },
  DEAL_NOT_FOUND: { status: 404, code: 404, msg: "交易不存在" },
  NOT_A_PARTY: { status: 403, code: 403, msg: "只有交易双方可以操作" },
  OFFER_OWN_GOODS: { status: 200, code: 1501, msg: "不能对自己发布的闲置出价" },
  GOODS_NOT_AVAILABLE: { status: 200, code: 1502, msg: "这件闲置已被预订或已售出" },
  OFFER_AMOUNT: { status: 200, code: 1503, msg: "出价不能高于售价" },
  OFFER_NOT_OPEN: { status: 200, code: 1504, msg: "这个出价已处理或已过期" },
  OFFER_NOT_TO_YOU: { status: 200, code: 1505, msg: "不能回应自己发出的出价" },
  DEAL_NOT_RESERVED: { status: 200, code: 1506, msg: "这笔交易已成交或已取消" },
  DEAL_IN_PROGRESS: { status: 200, code: 1507, msg: "这件闲置正在交易中，请先在聊天中确认成交或取消交易" },
  REVIEW_NOT_ALLOWED: { status: 200, code: 1508, msg: "只能在成交后 14 天内评价交易对方" },
  REVIEW_EXISTS: { status: 200, code: 1509, msg: "你已经评价过这笔交易" },

  ORDER_NOT_FOUND: { status: 404, code: 404, msg: "订单不存在" },
  ADDRESS_NOT_FOUND: { status: 404, code: 404, msg: "收货地址不存在" },
  PAYMENT_NOT_FOUND: { status: 404, code: 404, msg: "支付单不存在" },
  WEBHOOK_REJECTED: { status: 400, code: 400, msg: "支付通知验证失败" },
  ORDER_OWN_GOODS: { status: 200, code: 1801, msg: "不能购买自己发布的闲置" },
  ORDER_AMOUNT_CHANGED: { status: 200, code: 1802, msg: "价格已变化，请确认新的金额后再下单" },
  ORDER_ADDRESS_REQUIRED: { status: 200, code: 1803, msg: "请选择收货地址" },
  ORDER_WRONG_STATE: { status: 200, code: 1804, msg: "订单当前的状态不能进行这个操作" },
  ORDER_TRACKING_NUMBER: { status: 200, code: 1805, msg: "运单号与所选快递公司的格式不符，请核对" },
  ORDER_PICKUP_CODE_WRONG: { status: 200, code: 1806, msg: "取件码不正确" },
  ORDER_PICKUP_LOCKED: { status: 200, code: 1807, msg: "取件码输错次数过多，请让买家在订单中确认收货" },
  ORDER_ALREADY_EXTENDED: { status: 200, code: 1808, msg: "已经延长过一次收货时间" },
  ORDER_CANCEL_REQUESTED: { status: 200, code: 1809, msg: "已申请取消，请等待卖家处理" },
  ORDER_IN_PROGRESS: { status: 200, code: 1810, msg: "这笔交易已担保付款，请在订单中操作" },
  ADDRESSES_FULL: { status: 200, code: 1811, msg: "最多保存 20 个收货地址" },
  ORDER_REFUND_OPEN: { status: 200, code: 1812, msg: "退款处理中，请先处理退款申请" },
  PAYMENT_UNAVAILABLE: { status: 503, code: 503, msg: "支付服务暂时不可用，请稍后再试" },

  REFUND_NOT_FOUND: { status: 404, code: 404, msg: "退款申请不存在" },
  DISPUTE_NOT_FOUND: { status: 404, code: 404, msg: "纠纷不存在" },
  REFUND_NOT_ALLOWED: { status: 200, code: 2001, msg: "只有已发货、待收货的订单可以申请退款" },
  REFUND_EXISTS: { status: 200, code: 2002, msg: "这笔订单已经申请过退款" },
  REFUND_AMOUNT_TOO_HIGH: { status: 200, code: 2003, msg: "退款金额不能超过实付金额" },
  REFUND_WRONG_STATE: { status: 200, code: 2004, msg: "退款当前的状态不能进行这个操作" },
  REFUND_OFFER_TOO_HIGH: { status: 200, code: 2005, msg: "同意退款的金额不能超过买家申请的金额" },
  REFUND_PICTURE_NOT_FOUND: { status: 200, code: 2006, msg: "图片不存在或已过期，请重新上传" },
  REFUND_RETURN_ADDRESS_REQUIRED: { status: 200, code: 2007, msg: "请选择退货地址" },
  DISPUTE_ALREADY_RULED: { status: 200, code: 2008, msg: "这个纠纷已由其他管理员处理，请刷新" },
  REFUND_STATEMENT_EXISTS: { status: 200, code: 2009, msg: "你已经补充过说明和凭证" },
  DISPUTE_SPLIT_AMOUNT: { status: 200, code: 2010, msg: "部分退款的金额应大于 0 且小于实付金额" },
  NOTIFICATION_NOT_FOUND: { status: 404, code: 404, msg: "通知不存在" },
  SAVED_SEARCH_NOT_FOUND: { status: 404, code: 404, msg: "保存的搜索不存在" },
  FOLLOW_SELF: { status: 200, code: 1601, msg: "不能关注自己" },
  ALREADY_FOLLOWING: { status: 200, code: 1602, msg: "你已经关注了这位卖家" },
  NOT_FOLLOWING: { status: 200, code: 1603, msg: "你还没有关注这位卖家" },
  SAVED_SEARCHES_FULL: { status: 200, code: 1604, msg: "最多保存 20 个搜索，请先删除不用的" },
  SEARCH_ALREADY_SAVED: { status: 200, code: 1605, msg: "这个搜索已经保存过了" },

  REPORT_TARGET_NOT_FOUND: { status: 404, code: 404, msg: "举报的内容不存在" },
  REPORT_SELF: { status: 200, code: 1701, msg: "不能举报自己或自己发布的内容" },
  REPORT_OPEN: { status: 200, code: 1702, msg: "你已经举报过，我们正在处理" },
  BLOCK_SELF: { status: 200, code: 1703, msg: "不能拉黑自己" },
  ALREADY_BLOCKED: { status: 200, code: 1704, msg: "你已经拉黑了这位用户" },
  NOT_BLOCKED: { status: 200, code: 1705, msg: "你没有拉黑这位用户" },
  YOU_BLOCKED_THEM: { status: 200, code: 1706, msg: "你已拉黑对方，解除拉黑后才能继续" },
  THEY_BLOCKED_YOU: { status: 200, code: 1707, msg: "对方已拒绝与你互动" },

  ACCOUNT_DELETED: { status: 200, code: 1901, msg: "该账号已注销，无法登录" },
  ACCOUNT_HAS_OPEN_DEALS: {
    status: 200,
    code: 1902,
    msg: "你还有交易中的订单，请先在聊天中确认成交或取消交易，再注销账号",
  },
  PEER_DELETED: { status: 200, code: 1903, msg: "对方已注销账号，无法继续发送消息" },
  MODERATORS_ONLY: { status: 403, code: 403, msg: "只有管理员可以使用管理后台" },
  ACCOUNT_SUSPENDED: { status: 403, code: 403, msg: "账号已被封禁" },
  MODERATION_TARGET_NOT_FOUND: { status: 404, code: 404, msg: "要处理的内容不存在" },
  WORD_RULE_NOT_FOUND: { status: 404, code: 404, msg: "违禁词不存在" },
  ACTION_NOT_FOR_TARGET: { status: 400, code: 400, msg: "这个操作不适用于该内容" },
  MODERATION_ALREADY_HANDLED: { status: 200, code: 1710, msg: "已由其他管理员处理，请刷新队列" },
  WORD_RULE_EXISTS: { status: 200, code: 1711, msg: "这个违禁词已经存在" },
  PROHIBITED_WORD: { status: 400, code: 400, msg: "标题或描述含有违禁词，不能发布" },
} as const satisfies Record<string, ErrorSpec>;

export interface ErrorSpec {
  status: number;
  code: number;
  msg: string;
}

export type ErrorName = keyof typeof Errors;

/** Client-side messages for HTTP statuses (product-spec section 8). */
export const HttpStatusMessages: Record<number, string> = {
  400: "请求参数错误",
  401: "登录已失效，请重新登录",
  403: "没有操作权限",
  404: "请求的资源不存在",
  500: "服务器内部错误",
};
export const DEFAULT_BUSINESS_ERROR = "业务逻辑错误";
export const UNKNOWN_ERROR = "未知错误";
