import type { Goods } from "@xianzhi/contract";
import { GOODS_VISIBILITIES } from "@xianzhi/contract/constants";
import { classNames } from "../../components/class-names";
import styles from "./moderation-notice.module.css";

/** The notice in amber for goods held for review or of a suspended account; red (taken down) otherwise. */
const AMBER: Partial<Record<keyof typeof GOODS_VISIBILITIES, string>> = {
  held: styles.moderationNoticeHeld,
  suspended: styles.moderationNoticeSuspended,
};

/**
 * What the owner of goods others cannot see is told: 已下架（违规） and the moderator's reason, or
 * 审核中 and the word that holds them. Nothing for goods everyone sees.
 */
export function ModerationNotice({ goods }: { goods: Pick<Goods, "moderation"> }) {
  const { moderation } = goods;
  if (!moderation) return null;
  return (
    <div className={classNames(styles.moderationNotice, AMBER[moderation.visibility])} role="status">
      <strong>{GOODS_VISIBILITIES[moderation.visibility]}</strong>
      {moderation.reason && <span>{moderation.reason}</span>}
    </div>
  );
}
