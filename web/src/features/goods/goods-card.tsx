import type { Goods } from "@xianzhi/contract";
import { CONDITIONS, GOODS_STATUSES } from "@xianzhi/contract/constants";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { classNames } from "../../components/class-names";
import { formatPrice } from "../../components/format";
import { Highlight } from "../../components/highlight";
import { ProfileLink } from "../../components/profile-link";
import styles from "./feed.module.css";
import { cityOf } from "./goods-location";

interface GoodsCardProps {
  goods: Goods;
  highlight?: string[];
  /** A control on the cover (the favourite heart), outside the link so that its click stays its own. */
  action?: ReactNode;
  /** Said beside the price for this user (降价 ¥X on goods they keep). */
  priceNote?: ReactNode;
  /** A card in the first screenful: its cover loads at once and first, as the page's largest paint. */
  eager?: boolean;
}

/** One goods item in a feed: cover (with the city), title, price, condition and seller. */
export function GoodsCard({ goods, highlight, action, priceNote, eager = false }: GoodsCardProps) {
  const city = cityOf(goods.location);
  return (
    <article className={styles.goodsCard}>
      <Link to={paths.goodsInfo(goods.id)} className={styles.goodsCardLink}>
        <div className={styles.goodsCardCover}>
          {goods.coverUrl ? (
            <img
              src={goods.coverUrl}
              alt={goods.title}
              loading={eager ? "eager" : "lazy"}
              fetchPriority={eager ? "high" : "auto"}
            />
          ) : (
            <div className={styles.goodsCardNoCover} aria-hidden="true">
              闲
            </div>
          )}
          {goods.status !== "on_sale" && <span className={styles.goodsCardStatus}>{GOODS_STATUSES[goods.status]}</span>}
          {city && (
            <span className={styles.goodsCardCity}>
              <span className={styles.goodsCardCityLabel}>所在地</span>
              {city}
            </span>
          )}
        </div>
        <div className={styles.goodsCardBody}>
          <h2 className={styles.goodsCardTitle}>
            <Highlight text={goods.title} words={highlight} />
          </h2>
          <div className={classNames(styles.goodsCardPriceRow, Boolean(priceNote) && styles.goodsCardPriceRowNoted)}>
            <span className={styles.goodsCardPrice}>{formatPrice(goods.priceCents)}</span>
            {priceNote}
            <span className={styles.goodsCardCondition}>{CONDITIONS[goods.condition]}</span>
          </div>
        </div>
      </Link>
      {/* Outside the goods' link: a link holds no other link. */}
      <div className={styles.goodsCardSeller}>
        <ProfileLink user={goods.seller} to={paths.user(goods.seller.id)} className={styles.goodsCardNickname} />
        {goods.favCount > 0 && <span className={styles.goodsCardFavs}>{goods.favCount} 人想要</span>}
      </div>
      {action && <div className={styles.goodsCardAction}>{action}</div>}
    </article>
  );
}
