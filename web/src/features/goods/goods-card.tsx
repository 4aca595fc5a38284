import { HeartOutlined } from "@ant-design/icons";
import { CONDITIONS, GOODS_STATUSES, type Goods } from "@xianzhi/contract";
import { Avatar, Tag } from "antd";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { formatPrice } from "../../components/format";
import { Highlight } from "../../components/highlight";

/** One goods item in a feed: cover, title, price, condition and seller. */
export function GoodsCard({ goods, highlight }: { goods: Goods; highlight?: string[] }) {
  return (
    <Link to={paths.goodsInfo(goods.id)} className="goods-card">
      <div className="goods-card__cover">
        {goods.coverUrl ? (
          <img src={goods.coverUrl} alt={goods.title} loading="lazy" />
        ) : (
          <div className="goods-card__no-cover" aria-hidden="true">
            闲
          </div>
        )}
        {goods.status !== "on_sale" && <span className="goods-card__status">{GOODS_STATUSES[goods.status]}</span>}
      </div>
      <div className="goods-card__body">
        <h3 className="goods-card__title">
          <Highlight text={goods.title} words={highlight} />
        </h3>
        <div className="goods-card__price-row">
          <span className="goods-card__price">{formatPrice(goods.priceCents)}</span>
          <Tag variant="filled" className="goods-card__condition">
            {CONDITIONS[goods.condition]}
          </Tag>
        </div>
        <div className="goods-card__seller">
          <Avatar size={20} src={goods.seller.avatarUrl || undefined}>
            {goods.seller.nickname.slice(0, 1)}
          </Avatar>
          <span>{goods.seller.nickname}</span>
          <span className="goods-card__favs" title={`${goods.favCount} 人收藏`}>
            <HeartOutlined aria-hidden="true" /> {goods.favCount > 0 ? `${goods.favCount} 人想要` : ""}
          </span>
        </div>
      </div>
    </Link>
  );
}
