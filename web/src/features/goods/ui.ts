/** The goods components other features compose. */
export { GoodsGrid } from "./goods-grid";
export { MyGoods } from "./my-goods";
