import type { GoodsComment } from "@xianzhi/contract";
import { useState } from "react";
import { useAppSelector } from "../../app/hooks";
import { paths } from "../../app/paths";
import { Empty } from "../../components/empty";
import { formatTime } from "../../components/format";
import { InitialAvatar } from "../../components/initial-avatar";
import { Pager, PlainLinkButton } from "../../components/plain-controls";
import { PlainSkeleton } from "../../components/plain-skeleton";
import { ProfileLink } from "../../components/profile-link";
import { ReportButton } from "../safety/ui";
import { CommentForm } from "./comment-form";
import styles from "./comments.module.css";
import { useCommentsQuery } from "./comments-api";

/**
 * Comments of a goods item, newest first, with replies and a comment box. Drawn as Ant Design's
 * List (avatar, name and time, the words, 回复 on the right) without it: every goods page shows it.
 */
export function CommentSection({ goodsId }: { goodsId: string }) {
  const [page, setPage] = useState(1);
  const [replyTo, setReplyTo] = useState<GoodsComment | null>(null);
  const { data, isLoading } = useCommentsQuery({ goodsId, page });
  const myId = useAppSelector((state) => state.auth.userInfo.id);

  return (
    <section className={styles.comments} aria-labelledby="comments-title">
      <h2 id="comments-title">留言 {data ? `(${data.total})` : ""}</h2>
      <CommentForm
        key={goodsId}
        goodsId={goodsId}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onPosted={() => {
          setReplyTo(null);
          setPage(1);
        }}
      />
      {isLoading && <PlainSkeleton rows={2} />}
      {data && data.list.length === 0 && <Empty description="还没有留言，来问问卖家吧" />}
      {data && data.list.length > 0 && (
        <ul className={styles.commentsList}>
          {data.list.map((comment) => (
            <li key={comment.id} className={styles.commentsItem}>
              <div className={styles.commentsMeta}>
                <ProfileLink user={comment.user} to={paths.user(comment.user.id)} decorative>
                  <InitialAvatar
                    size={32}
                    src={comment.user.avatarUrl}
                    name={comment.user.nickname}
                    className={styles.commentsAvatar}
                  />
                </ProfileLink>
                <div className={styles.commentsBody}>
                  <div className={styles.commentsAuthor}>
                    <ProfileLink user={comment.user} to={paths.user(comment.user.id)}>
                      {comment.user.nickname}
                    </ProfileLink>
                    <span className={styles.commentsTime}>{formatTime(comment.createdAt)}</span>
                    {comment.user.id !== myId && (
                      <ReportButton
                        targetType="comment"
                        targetId={comment.id}
                        className={styles.commentsReport}
                        aria-label={`举报 ${comment.user.nickname} 的留言`}
                      />
                    )}
                  </div>
                  <div className={styles.commentsContent}>
                    {comment.replyToUser && (
                      <span className={styles.commentsReplyTo}>回复 @{comment.replyToUser.nickname}：</span>
                    )}
                    {comment.content}
                  </div>
                </div>
              </div>
              <PlainLinkButton className={styles.commentsReply} onClick={() => setReplyTo(comment)}>
                回复
              </PlainLinkButton>
            </li>
          ))}
        </ul>
      )}
      {data && (
        <Pager
          className={styles.commentsPages}
          current={page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={setPage}
        />
      )}
    </section>
  );
}
