/**
 * Brands sold second-hand under a Chinese and a Latin name: a search for either name finds goods
 * written with the other (耐克 finds "Nike Dunk", Nike finds "耐克 Air Force 1"), and the web marks
 * either in the results. One line per brand; a name is one word as typed in a search box, letter
 * case aside. Left out: names of several words (New Balance, Louis Vuitton), product lines rather
 * than brands (iPhone: a search for it should not find every Apple goods), and Latin names that
 * begin common words, since a Latin search word also finds words it begins (FILA → filament,
 * Gree → green).
 */
export const BRANDS: readonly (readonly string[])[] = [
  ["耐克", "Nike"],
  ["阿迪达斯", "Adidas"],
  ["彪马", "Puma"],
  ["匡威", "Converse"],
  ["万斯", "Vans"],
  ["安踏", "Anta"],
  ["迪卡侬", "Decathlon"],
  ["优衣库", "Uniqlo"],
  ["无印良品", "MUJI"],
  ["苹果", "Apple"],
  ["华为", "Huawei"],
  ["小米", "Xiaomi"],
  ["三星", "Samsung"],
  ["索尼", "Sony"],
  ["任天堂", "Nintendo"],
  ["微软", "Microsoft"],
  ["联想", "Lenovo"],
  ["戴尔", "Dell"],
  ["华硕", "ASUS"],
  ["宏碁", "Acer"],
  ["罗技", "Logitech"],
  ["雷蛇", "Razer"],
  ["大疆", "DJI"],
  ["佳能", "Canon"],
  ["尼康", "Nikon"],
  ["奥林巴斯", "Olympus"],
  ["卡西欧", "Casio"],
  ["戴森", "Dyson"],
  ["飞利浦", "Philips"],
  ["松下", "Panasonic"],
  ["西门子", "Siemens"],
  ["博世", "Bosch"],
  ["美的", "Midea"],
  ["海尔", "Haier"],
  ["乐高", "LEGO"],
  ["宜家", "IKEA"],
  ["星巴克", "Starbucks"],
  ["古驰", "Gucci"],
  ["香奈儿", "Chanel"],
  ["普拉达", "Prada"],
  ["迪奥", "Dior"],
  ["巴宝莉", "Burberry"],
  ["爱马仕", "Hermes"],
  ["劳力士", "Rolex"],
];

const brandOf = new Map<string, readonly string[]>(
  BRANDS.flatMap((names) => names.map((name) => [name.toLowerCase(), names] as const)),
);

/**
 * The names a search word stands for: the word as typed, then its brand's other names when it is
 * one of them (letter case aside), or the word alone.
 */
export function brandNames(word: string): string[] {
  const names = brandOf.get(word.toLowerCase());
  if (!names) return [word];
  return [word, ...names.filter((name) => name.toLowerCase() !== word.toLowerCase())];
}
