import { paths } from "../../app/paths";
import { Empty } from "../../components/empty";
import { PlainButton } from "../../components/plain-controls";
import { PlainSkeleton } from "../../components/plain-skeleton";
import { ProfileLink } from "../../components/profile-link";
import { useUnblock } from "./block-button";
import styles from "./safety.module.css";
import { useBlockedUsersQuery } from "./safety-api";

/** 黑名单 in the personal centre: whom I blocked, newest first, each with 取消拉黑. */
export function BlockedList() {
  const { data, isLoading } = useBlockedUsersQuery();
  const [unblock, unblocking] = useUnblock();
  if (isLoading) return <PlainSkeleton rows={3} />;
  if (!data?.length) return <Empty description="黑名单是空的。拉黑的用户会出现在这里" />;
  return (
    <ul className={styles.blockedList} aria-label="黑名单">
      {data.map(({ user, blockedAt }) => (
        <li key={user.id} className={styles.blockedListItem}>
          <ProfileLink user={user} to={paths.user(user.id)} avatarSize={40} className={styles.blockedListUser} />
          <time className={styles.blockedListDate} dateTime={blockedAt}>
            {blockedAt.slice(0, 10)} 拉黑
          </time>
          <PlainButton onClick={() => unblock(user.id)} disabled={unblocking} aria-label={`取消拉黑 ${user.nickname}`}>
            取消拉黑
          </PlainButton>
        </li>
      ))}
    </ul>
  );
}
