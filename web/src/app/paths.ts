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
  searchResult: "搜索详情",
} as const;

export const ACCESS_TOKEN_KEY = "accessToken";
