import type { SellerProfile } from "@xianzhi/contract";
import { SELLER_GOODS_TABS } from "@xianzhi/contract/constants";
import { EnvironmentOutlined } from "../../components/icons";
import { InitialAvatar } from "../../components/initial-avatar";
import { formatJoined, formatRate, formatReplyTime } from "./seller-format";

/** Who the seller is and how they deal: identity, then their figures (a rating joins them later). */
export function SellerHeader({ profile }: { profile: SellerProfile }) {
  const figures = [
    { label: SELLER_GOODS_TABS.on_sale, value: String(profile.onSaleCount) },
    { label: SELLER_GOODS_TABS.sold, value: String(profile.soldCount) },
    ...(profile.responseRate === null ? [] : [{ label: "回复率", value: formatRate(profile.responseRate) }]),
    ...(profile.responseMinutes === null
      ? []
      : [{ label: "回复时间", value: formatReplyTime(profile.responseMinutes) }]),
  ];
  return (
    <header className="seller-header">
      <div className="seller-header__identity">
        <InitialAvatar size={64} src={profile.avatarUrl} name={profile.nickname} />
        <div className="seller-header__text">
          <h1 className="seller-header__name">{profile.nickname}</h1>
          <div className="seller-header__meta">
            <span>@{profile.username}</span>
            <span>加入于 {formatJoined(profile.createdAt)}</span>
            {profile.city && (
              <span>
                <EnvironmentOutlined /> {profile.city}
              </span>
            )}
          </div>
        </div>
      </div>
      {profile.bio && <p className="seller-header__bio">{profile.bio}</p>}
      <dl className="seller-header__figures">
        {figures.map(({ label, value }) => (
          <div key={label} className="seller-header__figure">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </header>
  );
}
