import type { SellerProfile } from "@xianzhi/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { EnvironmentOutlined } from "../../components/icons";
import { InitialAvatar } from "../../components/initial-avatar";
import { Stars } from "../../components/stars";
import { FollowButton } from "./follow-button";
import { formatJoined, sellerFigures } from "./seller-format";
import styles from "./sellers.module.css";

/** How others rate them: the average stars and how many reviews, or 暂无评价. */
function SellerRating({ profile }: { profile: SellerProfile }) {
  if (profile.ratingAverage === null) return <p className={styles.sellerHeaderRating}>暂无评价</p>;
  return (
    <p className={styles.sellerHeaderRating}>
      <Stars value={profile.ratingAverage} average className={styles.sellerHeaderStars} />
      <strong>{profile.ratingAverage.toFixed(1)}</strong>
      <Link to={`${paths.user(profile.id)}?tab=reviews`}>{profile.ratingCount} 条评价</Link>
    </p>
  );
}

/**
 * Who the seller is and how they deal: identity and rating, then their figures; at the foot, on
 * anyone's page but one's own, 举报 and 拉黑 (safety's, given by the screen).
 */
export function SellerHeader({ profile, safety }: { profile: SellerProfile; safety: ReactNode }) {
  const figures = sellerFigures(profile);
  return (
    <header className={styles.sellerHeader}>
      <div className={styles.sellerHeaderIdentity}>
        <InitialAvatar size={64} src={profile.avatarUrl} name={profile.nickname} />
        <div className={styles.sellerHeaderText}>
          <h1 className={styles.sellerHeaderName}>{profile.nickname}</h1>
          <div className={styles.sellerHeaderMeta}>
            <span>@{profile.username}</span>
            <span>加入于 {formatJoined(profile.createdAt)}</span>
            {profile.city && (
              <span>
                <EnvironmentOutlined /> {profile.city}
              </span>
            )}
          </div>
          <SellerRating profile={profile} />
        </div>
        <FollowButton sellerId={profile.id} />
      </div>
      {profile.bio && <p className={styles.sellerHeaderBio}>{profile.bio}</p>}
      <dl className={styles.sellerHeaderFigures}>
        {figures.map(({ label, value }) => (
          <div key={label} className={styles.sellerHeaderFigure}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {safety && <div className={styles.sellerHeaderSafety}>{safety}</div>}
    </header>
  );
}
