import type { Goods } from "@xianzhi/contract";

import type { MouseEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAppSelector } from "../../app/hooks";
import { paths } from "../../app/paths";
import { classNames } from "../../components/class-names";
import { HeartFilled, HeartOutlined } from "../../components/icons";
import { message } from "../../components/toasts";
import { isSignedIn } from "../accounts";
import type { CardMarks } from "../goods";
import styles from "./favorites.module.css";
import { useFavoriteIdsQuery } from "./favorites-api";
import { priceDropNote } from "./price-drop-tag";
import { useToggleFavorite } from "./use-toggle-favorite";

interface FavoriteHeartProps {
  goods: Goods;
  favorite: boolean;
}

/**
 * The heart on a goods card: toggles the favourite at once (put back, with the reason, when the
 * server refuses); a visitor is taken to sign in and brought back.
 */
export function FavoriteHeart({ goods, favorite }: FavoriteHeartProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const toggle = useToggleFavorite();

  const toggleFavorite = async (event: MouseEvent) => {
    // The heart sits on a card that links to the goods: a click here is for the heart alone.
    event.preventDefault();
    event.stopPropagation();
    if (!isSignedIn()) {
      message.info("登录后即可收藏");
      navigate(paths.login, { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    await toggle(goods.id, favorite);
  };
  return (
    <button
      type="button"
      className={classNames(styles.favoriteHeart, favorite && styles.favoriteHeartOn)}
      aria-pressed={favorite}
      aria-label={`收藏：${goods.title}`}
      title={favorite ? "取消收藏" : "收藏"}
      onClick={toggleFavorite}
    >
      {favorite ? <HeartFilled aria-hidden="true" /> : <HeartOutlined aria-hidden="true" />}
    </button>
  );
}

/**
 * What a goods grid puts on each card for the signed-in user: the heart, and 降价 ¥X by the price.
 * The hearts and price drops of one feed page, read in one call for the user (the page itself is
 * the answer shared by everyone). No heart on the user's own goods, which cannot be favourites.
 */
export function useFavoriteMarks(list: Goods[] | undefined): CardMarks {
  const myId = useAppSelector((state) => state.auth.userInfo.id);
  const goodsIds = list?.map((goods) => goods.id) ?? [];
  const signedIn = isSignedIn();
  const { data } = useFavoriteIdsQuery(goodsIds, { skip: !signedIn || goodsIds.length === 0 });
  const favorites = new Set(data?.goodsIds);
  return {
    cardAction: (goods) =>
      goods.seller.id === myId ? null : <FavoriteHeart goods={goods} favorite={favorites.has(goods.id)} />,
    cardPriceNote: (goods) => priceDropNote(data?.priceDropCents[goods.id]),
  };
}
