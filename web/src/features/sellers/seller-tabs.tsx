import type { SellerProfile } from "@xianzhi/contract";
import { SELLER_GOODS_TABS } from "@xianzhi/contract/constants";
import type { ReactNode } from "react";
import { Tabs } from "../../components/kit";
import { useUrlParams } from "../../components/use-url-params";
import { type SellerTab, sellerTab } from "./screen-queries";
import { SellerReviews } from "./seller-reviews";
import styles from "./sellers.module.css";

/**
 * 在售, 已售 and 评价 (the reviews about them); tab and page live in the address. The goods tabs show
 * what the screen gives (the seller's goods of the tab, as goods cards).
 */
export function SellerTabs({ profile, goods }: { profile: SellerProfile; goods: ReactNode }) {
  const [params, update] = useUrlParams();
  const current = sellerTab(params);
  const labels: Record<SellerTab, string> = {
    ...SELLER_GOODS_TABS,
    reviews: profile.ratingCount > 0 ? `评价 ${profile.ratingCount}` : "评价",
  };
  const panel = current === "reviews" ? <SellerReviews sellerId={profile.id} /> : goods;
  return (
    <Tabs
      className={styles.sellerGoods}
      activeKey={current}
      onChange={(tab) => update({ tab: tab === "on_sale" ? "" : tab, page: "" })}
      items={Object.entries(labels).map(([tab, label]) => ({
        key: tab,
        label,
        children: tab === current ? panel : null,
      }))}
    />
  );
}
