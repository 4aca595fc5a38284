import type { Goods } from "@xianzhi/contract";
import { CATEGORIES, CONDITIONS, GOODS_STATUSES, type GoodsStatus } from "@xianzhi/contract/constants";
import type { ReactNode } from "react";
import { useNavigate, useParams } from "react-router";
import { useAppSelector } from "../app/hooks";
import { paths, titles } from "../app/paths";
import { classNames } from "../components/class-names";
import { formatPrice, formatTime } from "../components/format";
import { EnvironmentOutlined, EyeOutlined, HeartOutlined, RightOutlined } from "../components/icons";
import { InitialAvatar } from "../components/initial-avatar";
import { PlainSkeleton } from "../components/plain-skeleton";
import { ProfileLink, ProfileLinkName } from "../components/profile-link";
import { useDocumentTitle } from "../components/use-document-title";
import { useHydrated } from "../components/use-hydrated";
import { CommentSection } from "../features/comments/ui";
import { FavoritePriceDrop, useFavoriteMarks } from "../features/favorites/ui";
import { useGoodsInfoQuery, usePhoneLayoutOnceKnown } from "../features/goods";
import { GoodsGallery, GoodsMissing, ModerationNotice, OwnerActions, SimilarGoods } from "../features/goods/ui";
import { ReportButton } from "../features/safety/ui";
import { BuyerActions } from "./buyer-actions";
import styles from "./goods-info.module.css";

/**
 * The status tag's words in a dark colour on a pale tint of it (as Ant Design's Tag draws a custom
 * colour: the same hue at 95% lightness), dark enough to read (WCAG AA).
 */
const STATUS_COLORS: Record<GoodsStatus, { color: string; backgroundColor: string }> = {
  on_sale: { color: "#237804", backgroundColor: "#edfee6" },
  reserved: { color: "#ad4e00", backgroundColor: "#fff1e5" },
  sold: { color: "#595959", backgroundColor: "#f2f2f2" },
};

/** What a buyer must know before anything else when the goods are no longer simply for sale. */
const STATUS_NOTICES: Partial<Record<GoodsStatus, string>> = {
  sold: "这件闲置已经卖出，不能再购买了，看看下面的同类闲置吧",
  reserved: "卖家已和买家约定交易，还可以聊一聊排个队",
};

/** The notice's look by status: sold goods' in dark grey, a reserved one's in the notice's amber. */
const NOTICE_CLASSES: Partial<Record<GoodsStatus, string>> = { sold: styles.goodsInfoNoticeSold };

export default function GoodsInfoScreen() {
  useDocumentTitle(titles.goodsInfo);
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const myId = useAppSelector((state) => state.auth.userInfo.id);
  const { data: goods, error, isLoading } = useGoodsInfoQuery(id);
  // Below the fold, with answers of their own: rendered by the browser, after it has taken the page over.
  const hydrated = useHydrated();
  const phone = usePhoneLayoutOnceKnown();

  if (isLoading) return <PlainSkeleton className="page" rows={8} />;
  if (error || !goods) return <GoodsMissing onHome={() => navigate(paths.home)} />;
  const sold = goods.status === "sold";
  const notice = STATUS_NOTICES[goods.status];
  const mine = myId === goods.seller.id;
  const actions: ReactNode = mine ? (
    <OwnerActions
      goods={goods}
      onDeleted={() => navigate(paths.userinfo, { replace: true })}
      className={styles.goodsInfoOwnerActions}
      statusClassName={styles.goodsInfoOwnerStatus}
    />
  ) : (
    <BuyerActions goods={goods} onNeedSignIn={() => navigate(paths.login, { state: { from: paths.goodsInfo(id) } })} />
  );

  return (
    <div className={classNames("page", styles.goodsInfo, sold && styles.goodsInfoSold)}>
      <div className={styles.goodsInfoMain}>
        <GoodsGallery key={goods.id} pictures={goods.pictures} title={goods.title} sold={sold} />
        <div className={styles.goodsInfoSummary}>
          <ModerationNotice goods={goods} />
          {notice && (
            <div className={classNames(styles.goodsInfoNotice, NOTICE_CLASSES[goods.status])} role="status">
              <strong>{GOODS_STATUSES[goods.status]}</strong>
              <span>{notice}</span>
            </div>
          )}
          <h1 className={styles.goodsInfoTitle}>{goods.title}</h1>
          <GoodsPrice goods={goods} mine={mine} />
          <div className={styles.goodsInfoTags}>
            <span className={styles.goodsInfoTag} style={STATUS_COLORS[goods.status]}>
              {GOODS_STATUSES[goods.status]}
            </span>
            <span className={styles.goodsInfoTag}>{CONDITIONS[goods.condition]}</span>
            <span className={styles.goodsInfoTag}>{CATEGORIES[goods.category]}</span>
          </div>
          <GoodsMeta goods={goods} />
          {/* In the server's markup too: drawn only once the browser took the page over, it pushed the
              seller's card down under the thumb about to tap it. */}
          {!mine && (
            <ReportButton
              targetType="goods"
              targetId={goods.id}
              className={styles.goodsInfoReport}
              aria-label="举报这件闲置"
            />
          )}
          <ProfileLink user={goods.seller} to={paths.user(goods.seller.id)} className={styles.goodsInfoSeller}>
            <InitialAvatar size={40} src={goods.seller.avatarUrl} name={goods.seller.nickname} />
            <div className={styles.goodsInfoSellerText}>
              <ProfileLinkName block className={styles.goodsInfoSellerName}>
                {goods.seller.nickname}
              </ProfileLinkName>
              <div className={styles.goodsInfoSellerUsername}>@{goods.seller.username}</div>
            </div>
            <span className={styles.goodsInfoSellerMore}>
              主页 <RightOutlined />
            </span>
          </ProfileLink>
          {phone !== true && <div className={styles.goodsInfoActions}>{actions}</div>}
        </div>
      </div>
      <section className={styles.goodsInfoDescription} aria-labelledby="description-title">
        <h2 id="description-title">宝贝描述</h2>
        <p>{goods.description || "卖家很懒，什么都没写"}</p>
      </section>
      {hydrated && <CommentSection goodsId={goods.id} />}
      {hydrated && <SimilarGoods goodsId={goods.id} category={goods.category} useMarks={useFavoriteMarks} />}
      {/* On a phone the actions ride along at the bottom of the screen, within thumb's reach. Both
          places are in the server's markup, the stylesheet showing one: added only once the browser
          had taken the page over, the bar came in over what a thumb was about to tap. */}
      {phone !== false && (
        <div className={styles.goodsActionBar}>
          {!mine && <span className={styles.goodsActionBarPrice}>{formatPrice(goods.priceCents)}</span>}
          <div className={styles.goodsActionBarButtons}>{actions}</div>
        </div>
      )}
    </div>
  );
}

/** The price, with 降价 ¥X when the user keeps the goods and they have got cheaper since. */
function GoodsPrice({ goods, mine }: { goods: Goods; mine: boolean }) {
  return (
    <div className={styles.goodsInfoPrice}>
      <span className={styles.goodsInfoPriceNow}>{formatPrice(goods.priceCents)}</span>
      {!mine && <FavoritePriceDrop goodsId={goods.id} />}
      {goods.originalPriceCents !== null && (
        <span className={styles.goodsInfoPriceOriginal}>原价 {formatPrice(goods.originalPriceCents)}</span>
      )}
    </div>
  );
}

function GoodsMeta({ goods }: { goods: Goods }) {
  return (
    <p className={styles.goodsInfoMeta}>
      {goods.location && (
        <span>
          <EnvironmentOutlined /> {goods.location}
        </span>
      )}
      <span>
        <EyeOutlined /> {goods.viewCount} 次浏览
      </span>
      <span>
        <HeartOutlined /> {goods.favCount} 人想要
      </span>
      {/* Relative to now: a minute may have passed between the server's render and the browser's. */}
      <span suppressHydrationWarning>发布于 {formatTime(goods.createdAt)}</span>
    </p>
  );
}
