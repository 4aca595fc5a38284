import { HeartFilled, HeartOutlined } from "../../components/icons";
import { PlainButton } from "../../components/plain-controls";
import { isSignedIn } from "../accounts";
import styles from "./favorites.module.css";
import { useFavoriteExistsQuery } from "./favorites-api";
import { useToggleFavorite } from "./use-toggle-favorite";

/** 收藏 / 已收藏 on a goods page; a visitor is sent to sign in first (`onNeedSignIn`). */
export function FavoriteButton({ goodsId, onNeedSignIn }: { goodsId: string; onNeedSignIn: () => void }) {
  const signedIn = isSignedIn();
  const { data: favorite } = useFavoriteExistsQuery(goodsId, { skip: !signedIn });
  const toggle = useToggleFavorite();

  const toggleFavorite = async () => {
    if (!signedIn) return onNeedSignIn();
    await toggle(goodsId, Boolean(favorite?.exists));
  };
  return (
    <PlainButton
      large
      icon={
        favorite?.exists ? (
          <HeartFilled className={styles.heartOn} aria-hidden="true" />
        ) : (
          <HeartOutlined aria-hidden="true" />
        )
      }
      onClick={toggleFavorite}
      aria-pressed={Boolean(favorite?.exists)}
    >
      {favorite?.exists ? "已收藏" : "收藏"}
    </PlainButton>
  );
}
