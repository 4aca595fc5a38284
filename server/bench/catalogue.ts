import { CATEGORIES, type Category, CONDITIONS } from "@xianzhi/contract";

/** Deterministic pseudo-random numbers, so every run benchmarks the same catalogue. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ITEMS: Record<Category, string[]> = {
  phones: ["手机", "智能手机", "备用机", "手机壳"],
  computers: ["笔记本电脑", "台式机", "显示器", "机械键盘"],
  digital: ["相机", "耳机", "平板电脑", "电子书阅读器"],
  appliances: ["洗衣机", "冰箱", "吹风机", "空气净化器"],
  furniture: ["沙发", "书桌", "衣柜", "办公椅"],
  clothing: ["羽绒服", "运动鞋", "双肩包", "连衣裙"],
  books: ["小说", "教材", "绘本", "字典"],
  sports: ["自行车", "篮球", "瑜伽垫", "哑铃"],
  beauty: ["精华", "口红", "电动牙刷", "香水"],
  kids: ["婴儿推车", "乐高", "儿童座椅", "毛绒玩具"],
  games: ["游戏机", "游戏手柄", "桌游", "游戏卡带"],
  other: ["吉他", "帐篷", "绿植", "行李箱"],
};
const BRANDS = [
  "苹果",
  "小米",
  "华为",
  "索尼",
  "联想",
  "戴尔",
  "佳能",
  "耐克",
  "宜家",
  "美的",
  "任天堂",
  "Apple",
  "Sony",
  "Nintendo",
];
const MODELS = [
  "iPhone",
  "MacBook",
  "Switch",
  "PS5",
  "Kindle",
  "ThinkPad",
  "Galaxy",
  "AirPods",
  "Pro",
  "Max",
  "Air",
  "Mini",
];
const ADJECTIVES = ["九成新", "全新未拆", "二手", "自用", "闲置", "急出", "包邮", "搬家甩卖", "几乎没用过"];
const PHRASES = [
  "功能完好，无拆无修",
  "外观有轻微使用痕迹",
  "配件齐全，带原装包装",
  "同城可以当面交易",
  "价格可小刀，诚心要的联系",
  "支持验货，非诚勿扰",
  "搬家带不走便宜出",
  "买来很少用，基本全新",
  "有发票和保修卡",
  "屏幕无划痕，电池健康",
  "宠物无烟家庭",
  "送一个收纳袋",
  "不退不换，看好再拍",
  "快递默认顺丰到付",
  "毕业清仓，先到先得",
  "换新了所以出掉旧的",
];
/**
 * The long tail: about 1% of goods are one of these, so each word is rare (around 0.02% of the
 * goods), the kind of keyword whose few matches a search must find without reading the common ones.
 */
const RARE_ITEMS = [
  "黑胶唱片",
  "徕卡相机",
  "哈苏镜头",
  "无人机",
  "天文望远镜",
  "紫砂壶",
  "钢琴",
  "电子琴",
  "萨克斯",
  "手办",
  "胶片机",
  "机械表",
  "卡西欧手表",
  "Leica M6",
  "Zippo打火机",
  "雅马哈吉他",
  "古董座钟",
  "景德镇瓷器",
  "黄花梨笔筒",
  "老式缝纫机",
  "露营车",
  "钓鱼竿",
  "滑雪板",
  "冲浪板",
  "电动滑板车",
  "投影仪",
  "咖啡机",
  "面包机",
  "扫地机器人",
  "加湿器",
  "Walkman随身听",
  "GameBoy",
  "拍立得",
  "显微镜",
  "古筝",
  "二胡",
  "茶具套装",
  "围棋",
  "象棋",
  "邮票册",
];
/** The share of goods that are a long-tail item. */
const RARE_SHARE = 0.01;

/** Where goods are: the city filter matches the start of the location. */
const CITIES = ["上海", "北京", "深圳", "广州", "杭州", "成都", "武汉", "南京", "西安", "重庆", "苏州", "天津"];
const DISTRICTS = ["东区", "西区", "南区", "北区", "新区", "老城"];

export interface GeneratedGoods {
  title: string;
  description: string;
  priceCents: number;
  category: Category;
  condition: string;
  location: string;
  status: string;
  favCount: number;
}

export function generateGoods(random: () => number): GeneratedGoods {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const category = pick(Object.keys(CATEGORIES) as Category[]);
  const rare = random() < RARE_SHARE;
  const item = rare ? pick(RARE_ITEMS) : `${pick(BRANDS)}${pick(ITEMS[category])}`;
  const title = `${pick(ADJECTIVES)} ${item} ${rare ? "" : pick(MODELS)} ${Math.floor(random() * 20) + 1}`.replace(
    / +/g,
    " ",
  );
  // The description mentions another item now and then, so a word is found in descriptions too.
  const mention = random() < 0.3 ? `，还有${pick(ITEMS[pick(Object.keys(CATEGORIES) as Category[])])}一起出` : "";
  const description = `${pick(PHRASES)}，${pick(PHRASES)}。${pick(PHRASES)}${mention}。`;
  const statusRoll = random();
  return {
    title,
    description,
    priceCents: Math.floor(random() * random() * 1_000_000) * 10,
    category,
    condition: pick(Object.keys(CONDITIONS)),
    location: `${pick(CITIES)} ${pick(DISTRICTS)}`,
    status: statusRoll < 0.8 ? "on_sale" : statusRoll < 0.88 ? "reserved" : "sold",
    favCount: Math.floor(random() * random() * 50),
  };
}
