import { EnvironmentOutlined, EyeOutlined, HeartOutlined, MessageOutlined } from "@ant-design/icons";
import { CATEGORIES, CONDITIONS, GOODS_STATUSES, type GoodsStatus } from "@xianzhi/contract";
import { App, Avatar, Button, Image, Result, Skeleton, Tag } from "antd";
import { useNavigate, useParams } from "react-router";
import { errorText } from "../../app/api-error";
import { useAppSelector } from "../../app/hooks";
import { paths, titles } from "../../app/paths";
import { formatPrice, formatTime } from "../../components/format";
import { useDocumentTitle } from "../../components/use-document-title";
import { isSignedIn } from "../accounts";
import { useOpenChatMutation } from "../chat";
import { CommentSection } from "../comments/ui";
import { FavoriteButton } from "../favorites/ui";
import { useGoodsInfoQuery } from "./goods-api";
import { OwnerActions } from "./owner-actions";
import { SimilarGoods } from "./similar-goods";

/** Solid tags with white text, dark enough to read (WCAG AA). */
const STATUS_COLORS: Record<GoodsStatus, string> = { on_sale: "#237804", reserved: "#ad4e00", sold: "#595959" };

export default function GoodsInfoScreen() {
  useDocumentTitle(titles.goodsInfo);
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const signedIn = isSignedIn();
  const myId = useAppSelector((state) => state.auth.userInfo.id);
  const { data: goods, error, isLoading } = useGoodsInfoQuery(id);
  const [openChat, { isLoading: opening }] = useOpenChatMutation();

  if (isLoading) return <Skeleton active className="page" paragraph={{ rows: 8 }} />;
  if (error || !goods) {
    return (
      <Result
        status="404"
        title="闲置不存在或已删除"
        extra={<Button onClick={() => navigate(paths.home)}>回首页</Button>}
      />
    );
  }
  const mine = myId === goods.seller.id;
  const needSignIn = () => navigate(paths.login, { state: { from: paths.goodsInfo(id) } });

  const chatWithSeller = async () => {
    if (!signedIn) return needSignIn();
    const result = await openChat({ peerId: goods.seller.id, goodsId: goods.id });
    if ("error" in result) message.error(errorText(result.error));
    else navigate(`${paths.chat}?chatId=${result.data.chatId}`);
  };
  return (
    <div className="page goods-info">
      <div className="goods-info__main">
        <div className="goods-info__gallery">
          {goods.pictures.length > 0 ? (
            <Image.PreviewGroup>
              <Image src={goods.pictures[0]?.url} alt={goods.title} className="goods-info__cover" />
              <div className="goods-info__thumbs">
                {goods.pictures.slice(1).map((picture, index) => (
                  <Image
                    key={picture.id}
                    src={picture.thumbUrl}
                    preview={{ src: picture.url }}
                    alt={`${goods.title} 图 ${index + 2}`}
                    width={72}
                    height={72}
                  />
                ))}
              </div>
            </Image.PreviewGroup>
          ) : (
            <div className="goods-info__no-picture">暂无图片</div>
          )}
        </div>
        <div className="goods-info__summary">
          <h1 className="goods-info__title">{goods.title}</h1>
          <div className="goods-info__price">
            <span className="goods-info__price-now">{formatPrice(goods.priceCents)}</span>
            {goods.originalPriceCents !== null && (
              <span className="goods-info__price-original">原价 {formatPrice(goods.originalPriceCents)}</span>
            )}
          </div>
          <div className="goods-info__tags">
            <Tag color={STATUS_COLORS[goods.status]}>{GOODS_STATUSES[goods.status]}</Tag>
            <Tag>{CONDITIONS[goods.condition]}</Tag>
            <Tag>{CATEGORIES[goods.category]}</Tag>
          </div>
          <p className="goods-info__meta">
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
            <span>发布于 {formatTime(goods.createdAt)}</span>
          </p>
          <div className="goods-info__seller">
            <Avatar size={40} src={goods.seller.avatarUrl || undefined}>
              {goods.seller.nickname.slice(0, 1)}
            </Avatar>
            <div>
              <div className="goods-info__seller-name">{goods.seller.nickname}</div>
              <div className="goods-info__seller-username">@{goods.seller.username}</div>
            </div>
          </div>
          {mine ? (
            <OwnerActions goods={goods} onDeleted={() => navigate(paths.userinfo, { replace: true })} />
          ) : (
            <div className="goods-info__actions">
              <FavoriteButton goodsId={goods.id} onNeedSignIn={needSignIn} />
              <Button size="large" type="primary" icon={<MessageOutlined />} onClick={chatWithSeller} loading={opening}>
                聊一聊
              </Button>
            </div>
          )}
        </div>
      </div>
      <section className="goods-info__description" aria-labelledby="description-title">
        <h2 id="description-title">宝贝描述</h2>
        <p>{goods.description || "卖家很懒，什么都没写"}</p>
      </section>
      <CommentSection goodsId={goods.id} />
      <SimilarGoods goodsId={goods.id} category={goods.category} />
    </div>
  );
}
