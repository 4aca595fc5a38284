// The block-checks module's public face: what a block means to everyone else's features (refuse
// what one of the two does towards the other, hold the pair while their trade changes, leave the
// blocked sellers out of a viewer's lists). It sits below blocks, whose block closes the pair's
// offers and follows, and below offers, follows, chat and comments, which ask it: blocks and
// those features no longer import each other.
export { holdPair, requireNotBlocked } from "./block-checks.js";
export { ViewerBlocks } from "./viewer-blocks.js";
