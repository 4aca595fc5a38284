import type { SellerGoodsTab } from "@xianzhi/contract/constants";
import { useUrlParams } from "../components/use-url-params";
import { useFavoriteMarks } from "../features/favorites/ui";
import { GoodsGrid } from "../features/goods/ui";
import { sellerGoodsQuery, useSellerGoodsQuery } from "../features/sellers";

const EMPTY: Record<SellerGoodsTab, string> = { on_sale: "暂时没有在售的闲置", sold: "还没有卖出过闲置" };

/** The seller's goods of the tab the address names (在售 or 已售), paged like the home feed. */
export function SellerGoods({ sellerId }: { sellerId: string }) {
  const [params, update] = useUrlParams();
  const query = sellerGoodsQuery(params);
  const { data, isFetching } = useSellerGoodsQuery({ id: sellerId, ...query });
  const favoriteMarks = useFavoriteMarks(data?.list);
  return (
    <GoodsGrid
      page={data}
      loading={isFetching}
      empty={EMPTY[query.status]}
      onPage={(next) => update({ page: String(next) })}
      {...favoriteMarks}
    />
  );
}
