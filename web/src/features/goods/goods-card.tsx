import type { Goods } from "@xianzhi/contract";
import { CONDITIONS, GOODS_STATUSES } from "@xianzhi/contract/constants";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { formatPrice } from "../../components/format";
import { Highlight } from "../../components/highlight";
import { ProfileLink } from "../../components/profile-link";
import "./feed.css";
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
    <article className="goods-card">
      <Link to={paths.goodsInfo(goods.id)} className="goods-card__link">
        <div className="goods-card__cover">
          {goods.coverUrl ? (
            <img
              src={goods.coverUrl}
              alt={goods.title}
              loading={eager ? "eager" : "lazy"}
              fetchPriority={eager ? "high" : "auto"}
            />
          ) : (
            <div className="goods-card__no-cover" aria-hidden="true">
              闲
            </div>
          )}
          {goods.status !== "on_sale" && <span className="goods-card__status">{GOODS_STATUSES[goods.status]}</span>}
          {city && (
            <span className="goods-card__city">
              <span className="goods-card__city-label">所在地</span>
              {city}
            </span>
          )}
        </div>
        <div className="goods-card__body">
          <h2 className="goods-card__title">
            <Highlight text={goods.title} words={highlight} />
          </h2>
          <div className={`goods-card__price-row${priceNote ? " goods-card__price-row--noted" : ""}`}>
            <span className="goods-card__price">{formatPrice(goods.priceCents)}</span>
            {priceNote}
            <span className="goods-card__condition">{CONDITIONS[goods.condition]}</span>
          </div>
        </div>
      </Link>
      {/* Outside the goods' link: a link holds no other link. */}
      <div className="goods-card__seller">
        <ProfileLink user={goods.seller} to={paths.user(goods.seller.id)} className="goods-card__nickname" />
        {goods.favCount > 0 && <span className="goods-card__favs">{goods.favCount} 人想要</span>}
      </div>
      {action && <div className="goods-card__action">{action}</div>}
    </article>
  );
}
