import { errorText } from "../../app/api-error";
import { message } from "../../components/toasts";
import { useAddFavoriteMutation, useRemoveFavoriteMutation } from "./favorites-api";

/**
 * Adds or removes a favourite; the heart changes at once (favorites-api) and a refusal is told
 * with the server's reason. The goods page's button and the cards' hearts both toggle this way.
 */
export function useToggleFavorite(): (goodsId: string, isFavorite: boolean) => Promise<void> {
  const [addFavorite] = useAddFavoriteMutation();
  const [removeFavorite] = useRemoveFavoriteMutation();
  return async (goodsId, isFavorite) => {
    const result = isFavorite ? await removeFavorite(goodsId) : await addFavorite(goodsId);
    if ("error" in result) message.error(errorText(result.error));
  };
}
