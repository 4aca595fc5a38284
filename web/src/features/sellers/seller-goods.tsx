import { SELLER_GOODS_TABS, type SellerGoodsTab } from "@xianzhi/contract/constants";
import { Tabs } from "antd";
import { useUrlParams } from "../../components/use-url-params";
import { useFavoriteMarks } from "../favorites/ui";
import { GoodsGrid } from "../goods/ui";
import { sellerGoodsQuery } from "./screen-queries";
import { useSellerGoodsQuery } from "./sellers-api";

const EMPTY: Record<SellerGoodsTab, string> = { on_sale: "暂时没有在售的闲置", sold: "还没有卖出过闲置" };

/** The seller's goods in two tabs, 在售 and 已售, paged like the home feed; tab and page live in the address. */
export function SellerGoods({ sellerId }: { sellerId: string }) {
  const [params, update] = useUrlParams();
  const query = sellerGoodsQuery(params);
  const { data, isFetching } = useSellerGoodsQuery({ id: sellerId, ...query });
  const favoriteMarks = useFavoriteMarks(data?.list);
  const grid = (
    <GoodsGrid
      page={data}
      loading={isFetching}
      empty={EMPTY[query.status]}
      onPage={(next) => update({ page: String(next) })}
      {...favoriteMarks}
    />
  );
  return (
    <Tabs
      className="seller-goods"
      activeKey={query.status}
      onChange={(tab) => update({ tab: tab === "sold" ? tab : "", page: "" })}
      items={Object.entries(SELLER_GOODS_TABS).map(([tab, label]) => ({
        key: tab,
        label,
        children: tab === query.status ? grid : null,
      }))}
    />
  );
}
