import type { Goods } from "@xianzhi/contract";
import type { ReactNode } from "react";

/** What each card of a page carries for the user: a control on its cover (the heart) and a note by its price (降价 ¥X). */
export interface CardMarks {
  cardAction(goods: Goods): ReactNode;
  cardPriceNote(goods: Goods): ReactNode;
}

/**
 * A hook: the marks of one page of goods, read in one call for the user. The screen showing the
 * cards gives it (favourites' hearts and price drops), so goods imports no other feature.
 */
export type UseCardMarks = (list: Goods[] | undefined) => CardMarks;
