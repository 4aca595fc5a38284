import type { Category, Condition } from "@xianzhi/contract";
import type { DemoThing } from "./pictures.js";

export const DEMO_PASSWORD = "xianzhi123";

export const DEMO_USERS = [
  { username: "alice", email: "alice@example.com", nickname: "爱丽丝", bio: "数码控，闲置出清中" },
  { username: "bob", email: "bob@example.com", nickname: "老鲍", bio: "搬家甩卖，家具电器都有" },
  { username: "carol", email: "carol@example.com", nickname: "小卡", bio: "爱看书，也爱换书" },
] as const;

export type DemoUsername = (typeof DEMO_USERS)[number]["username"];

/** Each demo account's address book entry, so 立即购买 with 快递 works at once. */
export const DEMO_ADDRESSES = {
  alice: { recipientName: "爱丽丝", phone: "13800000001", region: "上海市 徐汇区", street: "漕溪北路 1 号 2 室" },
  bob: { recipientName: "鲍先生", phone: "13800000002", region: "北京市 海淀区", street: "中关村大街 5 号 8 室" },
  carol: {
    recipientName: "卡女士",
    phone: "13800000003",
    region: "广东省 深圳市 南山区",
    street: "科技园路 3 号 12 室",
  },
} as const;

export interface DemoGoods {
  seller: DemoUsername;
  title: string;
  description: string;
  yuan: number;
  originalYuan?: number;
  category: Category;
  condition: Condition;
  location: string;
  pictures: number;
  /** What the pictures show, where the category's drawing would not fit the goods. */
  thing?: DemoThing;
}

export const DEMO_GOODS: DemoGoods[] = [
  {
    seller: "alice",
    title: "二手苹果手机 iPhone 13 128G 午夜色",
    description: "自用一年半，电池健康 88%，无拆无修，屏幕贴膜使用，附原装数据线。",
    yuan: 2399,
    originalYuan: 5999,
    category: "phones",
    condition: "good",
    location: "上海 徐汇",
    pictures: 2,
  },
  {
    seller: "bob",
    title: "小米 13 手机 12+256 白色",
    description: "换新机出，功能完好，边框有轻微划痕，送手机壳。",
    yuan: 1699,
    originalYuan: 3999,
    category: "phones",
    condition: "good",
    location: "北京 朝阳",
    pictures: 1,
  },
  {
    seller: "carol",
    title: "华为 Mate 40 Pro 备用机",
    description: "一直当备用机，屏幕完美，电池稍有老化，可当面验机。",
    yuan: 1299,
    category: "phones",
    condition: "fair",
    location: "深圳 南山",
    pictures: 2,
  },
  {
    seller: "alice",
    title: "MacBook Air M1 笔记本电脑 8+256",
    description: "学生党毕业出，续航依旧很顶，原装充电器，外观九成新。",
    yuan: 3899,
    originalYuan: 7999,
    category: "computers",
    condition: "like_new",
    location: "上海 杨浦",
    pictures: 2,
  },
  {
    seller: "bob",
    title: "联想拯救者游戏本 R7000 2021款",
    description: "3060 显卡，玩游戏不卡，键盘灯正常，风扇刚清过灰。",
    yuan: 4200,
    category: "computers",
    condition: "good",
    location: "北京 海淀",
    pictures: 1,
  },
  {
    seller: "carol",
    title: "罗技 MX Keys 无线键盘",
    description: "办公用了半年，手感很好，支持三台设备切换。",
    yuan: 420,
    originalYuan: 799,
    category: "computers",
    condition: "like_new",
    location: "杭州 西湖",
    pictures: 1,
    thing: "keyboard",
  },
  {
    seller: "alice",
    title: "索尼 A6400 微单相机 带 16-50 镜头",
    description: "快门数不到五千，送 64G 存储卡和相机包，适合入门 vlog。",
    yuan: 4600,
    originalYuan: 6999,
    category: "digital",
    condition: "like_new",
    location: "上海 静安",
    pictures: 2,
  },
  {
    seller: "bob",
    title: "AirPods Pro 二代 降噪耳机",
    description: "单耳机和盒子都正常，降噪效果好，已消毒。",
    yuan: 950,
    originalYuan: 1899,
    category: "digital",
    condition: "good",
    location: "北京 东城",
    pictures: 1,
    thing: "earbuds",
  },
  {
    seller: "carol",
    title: "Kindle Paperwhite 电子书阅读器",
    description: "看书神器，屏幕无坏点，送保护套。",
    yuan: 480,
    category: "digital",
    condition: "good",
    location: "成都 武侯",
    pictures: 1,
    thing: "ereader",
  },
  {
    seller: "bob",
    title: "美的滚筒洗衣机 10 公斤",
    description: "搬家带不走，用了两年，洗烘一体，需自提。",
    yuan: 900,
    originalYuan: 2799,
    category: "appliances",
    condition: "good",
    location: "北京 通州",
    pictures: 2,
  },
  {
    seller: "alice",
    title: "戴森吹风机 HD08",
    description: "正品带发票，风力大，配件齐全。",
    yuan: 1650,
    originalYuan: 2999,
    category: "appliances",
    condition: "like_new",
    location: "上海 浦东",
    pictures: 1,
    thing: "hairdryer",
  },
  {
    seller: "carol",
    title: "九阳破壁机 几乎没用过",
    description: "买来只用过两次，做豆浆很方便，原包装都在。",
    yuan: 260,
    originalYuan: 599,
    category: "appliances",
    condition: "like_new",
    location: "广州 天河",
    pictures: 1,
    thing: "blender",
  },
  {
    seller: "bob",
    title: "北欧风布艺三人沙发",
    description: "浅灰色，坐感偏硬，靠垫可拆洗，同城可送货。",
    yuan: 1200,
    originalYuan: 3500,
    category: "furniture",
    condition: "good",
    location: "北京 朝阳",
    pictures: 2,
  },
  {
    seller: "carol",
    title: "实木书桌 1.2 米",
    description: "松木材质，桌面有少量使用痕迹，结实耐用。",
    yuan: 350,
    category: "furniture",
    condition: "fair",
    location: "杭州 滨江",
    pictures: 1,
    thing: "desk",
  },
  {
    seller: "alice",
    title: "宜家人体工学椅",
    description: "办公椅，腰托可调，坐了一年依然舒服。",
    yuan: 450,
    originalYuan: 1299,
    category: "furniture",
    condition: "good",
    location: "上海 闵行",
    pictures: 1,
    thing: "chair",
  },
  {
    seller: "carol",
    title: "优衣库羽绒服 女款 M 码",
    description: "只穿过一个冬天，已干洗，颜色是燕麦色。",
    yuan: 199,
    originalYuan: 599,
    category: "clothing",
    condition: "like_new",
    location: "南京 鼓楼",
    pictures: 1,
    thing: "jacket",
  },
  {
    seller: "alice",
    title: "耐克 Air Force 1 板鞋 42 码",
    description: "买大了一码，只试穿过，鞋盒齐全。",
    yuan: 499,
    originalYuan: 799,
    category: "clothing",
    condition: "new",
    location: "上海 长宁",
    pictures: 2,
    thing: "sneaker",
  },
  {
    seller: "bob",
    title: "真皮双肩包 通勤款",
    description: "容量大，能放 15 寸电脑，皮面保养得很好。",
    yuan: 260,
    category: "clothing",
    condition: "good",
    location: "北京 西城",
    pictures: 1,
    thing: "backpack",
  },
  {
    seller: "carol",
    title: "三体全集 三册 正版",
    description: "读过一遍，书页干净无笔记。",
    yuan: 45,
    originalYuan: 93,
    category: "books",
    condition: "like_new",
    location: "成都 锦江",
    pictures: 1,
  },
  {
    seller: "carol",
    title: "考研数学复习全书 2026 版",
    description: "前几章有笔记，后面全新，适合明年考研的同学。",
    yuan: 30,
    category: "books",
    condition: "fair",
    location: "武汉 洪山",
    pictures: 1,
  },
  {
    seller: "alice",
    title: "百乐钢笔 78G 加墨水",
    description: "书写流畅，送一瓶蓝黑墨水。",
    yuan: 65,
    category: "books",
    condition: "good",
    location: "上海 黄浦",
    pictures: 1,
    thing: "pen",
  },
  {
    seller: "bob",
    title: "迪卡侬山地自行车 27 速",
    description: "通勤骑了一年，刹车和变速都调好了，送车锁。",
    yuan: 880,
    originalYuan: 1999,
    category: "sports",
    condition: "good",
    location: "北京 昌平",
    pictures: 2,
    thing: "bicycle",
  },
  {
    seller: "alice",
    title: "瑜伽垫 加厚 10mm",
    description: "用过几次，无异味，附绑带。",
    yuan: 40,
    category: "sports",
    condition: "like_new",
    location: "上海 普陀",
    pictures: 1,
    thing: "yogamat",
  },
  {
    seller: "bob",
    title: "斯伯丁篮球 7 号",
    description: "室外用过，抓地感还不错。",
    yuan: 80,
    category: "sports",
    condition: "fair",
    location: "北京 丰台",
    pictures: 1,
  },
  {
    seller: "carol",
    title: "雅诗兰黛小棕瓶精华 50ml",
    description: "专柜购买，用了三分之一，保质期到后年。",
    yuan: 320,
    originalYuan: 760,
    category: "beauty",
    condition: "good",
    location: "广州 越秀",
    pictures: 1,
  },
  {
    seller: "alice",
    title: "飞利浦电动牙刷 全新未拆",
    description: "公司年会奖品，全新未拆封。",
    yuan: 199,
    originalYuan: 399,
    category: "beauty",
    condition: "new",
    location: "上海 宝山",
    pictures: 1,
    thing: "toothbrush",
  },
  {
    seller: "carol",
    title: "乐高 城市系列 消防局",
    description: "拼过一次，零件齐全，有说明书和盒子。",
    yuan: 380,
    originalYuan: 799,
    category: "kids",
    condition: "like_new",
    location: "杭州 拱墅",
    pictures: 2,
    thing: "bricks",
  },
  {
    seller: "bob",
    title: "婴儿推车 可坐可躺",
    description: "孩子大了用不上，折叠方便，轮子灵活。",
    yuan: 300,
    category: "kids",
    condition: "good",
    location: "北京 大兴",
    pictures: 1,
    thing: "stroller",
  },
  {
    seller: "alice",
    title: "Nintendo Switch OLED 续航版",
    description: "带塞尔达和马车两张卡，手柄无漂移。",
    yuan: 1750,
    originalYuan: 2599,
    category: "games",
    condition: "like_new",
    location: "上海 徐汇",
    pictures: 2,
  },
  {
    seller: "bob",
    title: "PS5 光驱版 双手柄",
    description: "国行，保修还有半年，送两个游戏。",
    yuan: 2900,
    originalYuan: 3899,
    category: "games",
    condition: "good",
    location: "北京 朝阳",
    pictures: 1,
  },
  {
    seller: "carol",
    title: "桌游 卡坦岛 中文版",
    description: "玩过几次，配件齐全，聚会必备。",
    yuan: 120,
    category: "games",
    condition: "good",
    location: "南京 玄武",
    pictures: 1,
    thing: "boardgame",
  },
  {
    seller: "alice",
    title: "露营帐篷 3-4 人",
    description: "自动速开，防雨，用过两次，已晾干收好。",
    yuan: 260,
    originalYuan: 599,
    category: "other",
    condition: "like_new",
    location: "上海 嘉定",
    pictures: 1,
    thing: "tent",
  },
  {
    seller: "bob",
    title: "多肉植物连盆一起送走",
    description: "搬家带不走，十几盆多肉，便宜出。",
    yuan: 50,
    category: "other",
    condition: "good",
    location: "北京 海淀",
    pictures: 1,
    thing: "plant",
  },
  {
    seller: "carol",
    title: "二手吉他 雅马哈 F310",
    description: "入门民谣吉他，音准没问题，送琴包和变调夹。",
    yuan: 420,
    originalYuan: 899,
    category: "other",
    condition: "good",
    location: "成都 高新",
    pictures: 2,
    thing: "guitar",
  },
];

export const DEMO_COMMENTS: {
  goodsIndex: number;
  author: DemoUsername;
  content: string;
  replyTo?: number;
}[] = [
  { goodsIndex: 0, author: "bob", content: "电池健康 88% 还能再便宜点吗？" },
  { goodsIndex: 0, author: "alice", content: "诚心要的话 2300 可以出～", replyTo: 0 },
  { goodsIndex: 3, author: "carol", content: "有发票吗？可以当面验机吗？" },
  { goodsIndex: 12, author: "alice", content: "沙发可以送到浦东吗？" },
  { goodsIndex: 28, author: "carol", content: "塞尔达是实体卡吗？" },
];

export const DEMO_FAVORITES: { user: DemoUsername; goodsIndex: number }[] = [
  { user: "bob", goodsIndex: 0 },
  { user: "carol", goodsIndex: 0 },
  { user: "carol", goodsIndex: 3 },
  { user: "alice", goodsIndex: 12 },
  { user: "alice", goodsIndex: 29 },
  { user: "bob", goodsIndex: 28 },
];

/**
 * Prices the sellers lower once the favourites are kept: the first goods to what its comment
 * offers, so a favourite shows 降价 ¥X on a fresh machine.
 */
export const DEMO_PRICE_CUTS: { goodsIndex: number; yuan: number }[] = [{ goodsIndex: 0, yuan: 2300 }];

/** A conversation about the first goods, so the chat screen is alive on a fresh machine. */
export const DEMO_CHAT = {
  buyer: "bob" as const,
  goodsIndex: 0,
  messages: [
    { from: "bob" as const, text: "你好，这台 iPhone 还在吗？" },
    { from: "alice" as const, text: "在的，电池健康 88%，可以当面验机～" },
    { from: "bob" as const, text: "周末方便在徐汇见面吗？" },
  ],
};

export interface DemoTrade {
  goodsIndex: number;
  buyer: DemoUsername;
  /** What the buyer offers, as a share of the price. */
  share: number;
  /** How far it went: an offer still open, a deal in progress, or a completed sale. */
  end: "open" | "reserved" | "completed";
  reviews?: { from: DemoUsername; rating: number; text: string }[];
}

/**
 * Trades on a fresh machine, so seller pages have ratings and 我买到的 / 我卖出的 are not empty: a
 * sale both sides reviewed, a sale only the buyer reviewed (hidden until the seller writes theirs),
 * a deal in progress and an offer waiting for an answer.
 */
export const DEMO_TRADES: DemoTrade[] = [
  {
    goodsIndex: 6,
    buyer: "bob",
    share: 0.95,
    end: "completed",
    reviews: [
      { from: "bob", rating: 5, text: "相机成色很好，和描述一致，爱丽丝很爽快" },
      { from: "alice", rating: 5, text: "老鲍准时付款，沟通愉快" },
    ],
  },
  {
    goodsIndex: 10,
    buyer: "carol",
    share: 0.9,
    end: "completed",
    reviews: [{ from: "carol", rating: 4, text: "吹风机好用，就是包装盒有点旧" }],
  },
  { goodsIndex: 12, buyer: "alice", share: 0.85, end: "reserved" },
  { goodsIndex: 21, buyer: "carol", share: 0.8, end: "open" },
];

/** The goods the public list shows on a fresh machine: all but those the demo trades sold. */
export const DEMO_LISTED_COUNT = DEMO_GOODS.length - DEMO_TRADES.filter((trade) => trade.end === "completed").length;
