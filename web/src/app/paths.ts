/** Route paths, defined once for the router and every link. */
export const paths = {
  home: "/",
  homeAlias: "/home",
  login: "/login",
  register: "/reg",
  post: "/post",
  userinfo: "/userinfo",
  chat: "/chat",
  notifications: "/notifications",
  /** The moderators' console. */
  admin: "/admin",
  goodsInfo: (id: string | number = ":id") => `/goodsinfo/${id}`,
  /** A user's public page: who they are and their goods. */
  user: (id: string | number = ":id") => `/user/${id}`,
  /** 确认订单: buying goods with protection (担保交易). */
  checkout: (goodsId: string | number = ":goodsId") => `/checkout/${goodsId}`,
  /** The sandbox payment provider's cashier (PAYMENT_PROVIDER=sandbox). */
  sandboxPay: (paymentId: string = ":paymentId") => `/sandbox-pay/${paymentId}`,
  /** A protected order (担保交易), as its buyer or seller sees it. */
  order: (id: string | number = ":id") => `/orders/${id}`,
  /** An order's refund request after sale (售后), as its buyer or seller sees it. */
  refund: (id: string | number = ":id") => `/refunds/${id}`,
  /** 我的收入: the seller's money from protected sales, per order and in total. */
  earnings: "/earnings",
  /** 新设备登录提醒's 不是我本人 link: signs that device out, then a new password. */
  deviceAlert: "/device-alert",
  searchResult: (keyword?: string) =>
    keyword === undefined ? "/search_result" : `/search_result?keyword=${encodeURIComponent(keyword)}`,
} as const;

/** Document titles of the screens (product spec, section 2). */
export const titles = {
  home: "首页",
  login: "登录",
  register: "注册",
  post: "发布闲置",
  userinfo: "个人中心",
  chat: "聊天",
  notifications: "通知",
  admin: "管理后台",
  goodsInfo: "商品详情",
  user: "用户主页",
  checkout: "确认订单",
  sandboxPay: "沙箱支付",
  order: "订单详情",
  refund: "退款详情",
  earnings: "我的收入",
  deviceAlert: "账号安全提醒",
  searchResult: "搜索详情",
} as const;

export const ACCESS_TOKEN_KEY = "accessToken";
