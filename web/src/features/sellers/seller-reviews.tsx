import type { DealRole, Review } from "@xianzhi/contract";
import { paths } from "../../app/paths";
import { Empty } from "../../components/empty";
import { formatTime } from "../../components/format";
import { Pager } from "../../components/plain-controls";
import { PlainSkeleton } from "../../components/plain-skeleton";
import { ProfileLink } from "../../components/profile-link";
import { Stars } from "../../components/stars";
import { useUrlParams } from "../../components/use-url-params";
import { sellerReviewsQuery } from "./screen-queries";
import styles from "./sellers.module.css";
import { useSellerReviewsQuery } from "./sellers-api";

/** Who wrote a review, by the side the reviewed person took: a review of them as seller came from the buyer. */
const FROM: Record<DealRole, string> = { seller: "来自买家", buyer: "来自卖家" };

function ReviewItem({ review }: { review: Review }) {
  return (
    <article className={styles.sellerReview}>
      <header className={styles.sellerReviewHead}>
        <ProfileLink
          user={review.reviewer}
          to={paths.user(review.reviewer.id)}
          avatarSize={32}
          className={styles.sellerReviewReviewer}
        />
        <span className={styles.sellerReviewFrom}>{FROM[review.revieweeRole]}</span>
        <time className={styles.sellerReviewTime} dateTime={review.createdAt}>
          {formatTime(review.createdAt)}
        </time>
      </header>
      <Stars value={review.rating} />
      {review.content && <p className={styles.sellerReviewText}>{review.content}</p>}
      <p className={styles.sellerReviewGoods}>宝贝：{review.goodsTitle}</p>
    </article>
  );
}

/** The visible reviews about a user, newest first, paged; the page lives in the address. */
export function SellerReviews({ sellerId }: { sellerId: string }) {
  const [params, update] = useUrlParams();
  const query = sellerReviewsQuery(params);
  const { data, isLoading } = useSellerReviewsQuery({ id: sellerId, ...query });
  if (isLoading) return <PlainSkeleton rows={3} />;
  if (!data || data.list.length === 0) return <Empty description="暂无评价" />;
  return (
    <>
      <ul className={styles.sellerReviews}>
        {data.list.map((review) => (
          <li key={review.id}>
            <ReviewItem review={review} />
          </li>
        ))}
      </ul>
      <Pager
        className={styles.sellerReviewsPager}
        current={query.page}
        pageSize={data.pageSize}
        total={data.total}
        onChange={(page) => update({ page: String(page) })}
      />
    </>
  );
}
