// The goods-status module's public face: what several features need of goods' status (lock it,
// move it, is a deal holding the goods?) and the lists' counts that follow it. It sits below goods,
// deals and offers, which depend on it and not on each other for this.
export { adjustListedCount, hasReservedDeal, lockGoodsStatus, moveGoodsStatus } from "./goods-status.js";
