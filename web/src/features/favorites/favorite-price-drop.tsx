import { isSignedIn } from "../accounts";
import { useFavoriteExistsQuery } from "./favorites-api";
import { priceDropNote } from "./price-drop-tag";

/** 降价 ¥X on a goods page the user keeps: read with the 收藏 button's own call, so no call more. */
export function FavoritePriceDrop({ goodsId }: { goodsId: string }) {
  const { data: favorite } = useFavoriteExistsQuery(goodsId, { skip: !isSignedIn() });
  return priceDropNote(favorite?.priceDropCents);
}
