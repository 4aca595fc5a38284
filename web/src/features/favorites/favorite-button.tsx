import { HeartFilled, HeartOutlined } from "@ant-design/icons";
import { App, Button } from "antd";
import { errorText } from "../../app/api-error";
import { isSignedIn } from "../accounts";
import { useAddFavoriteMutation, useFavoriteExistsQuery, useRemoveFavoriteMutation } from "./favorites-api";
import "./favorites.css";

/** 收藏 / 已收藏 on a goods page; a visitor is sent to sign in first (`onNeedSignIn`). */
export function FavoriteButton({ goodsId, onNeedSignIn }: { goodsId: string; onNeedSignIn: () => void }) {
  const { message } = App.useApp();
  const signedIn = isSignedIn();
  const { data: favorite } = useFavoriteExistsQuery(goodsId, { skip: !signedIn });
  const [addFavorite] = useAddFavoriteMutation();
  const [removeFavorite] = useRemoveFavoriteMutation();

  const toggleFavorite = async () => {
    if (!signedIn) return onNeedSignIn();
    const result = favorite?.exists ? await removeFavorite(goodsId) : await addFavorite(goodsId);
    if ("error" in result) message.error(errorText(result.error));
  };
  return (
    <Button
      size="large"
      icon={
        favorite?.exists ? (
          <HeartFilled className="heart--on" aria-hidden="true" />
        ) : (
          <HeartOutlined aria-hidden="true" />
        )
      }
      onClick={toggleFavorite}
      aria-pressed={Boolean(favorite?.exists)}
    >
      {favorite?.exists ? "已收藏" : "收藏"}
    </Button>
  );
}
