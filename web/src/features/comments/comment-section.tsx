import type { GoodsComment } from "@xianzhi/contract";
import { Avatar, Button, Empty, List, Pagination } from "antd";
import { useState } from "react";
import { formatTime } from "../../components/format";
import { ProfileLink } from "../sellers/ui";
import { CommentForm } from "./comment-form";
import { useCommentsQuery } from "./comments-api";
import "./comments.css";

/** Comments of a goods item, newest first, with replies and a comment box. */
export function CommentSection({ goodsId }: { goodsId: string }) {
  const [page, setPage] = useState(1);
  const [replyTo, setReplyTo] = useState<GoodsComment | null>(null);
  const { data, isLoading } = useCommentsQuery({ goodsId, page });

  return (
    <section className="comments" aria-labelledby="comments-title">
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
      {data && data.list.length === 0 ? (
        <Empty description="还没有留言，来问问卖家吧" />
      ) : (
        <List
          loading={isLoading}
          dataSource={data?.list ?? []}
          renderItem={(comment) => (
            <List.Item
              key={comment.id}
              actions={[
                <Button key="reply" type="link" className="comments__reply" onClick={() => setReplyTo(comment)}>
                  回复
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={
                  <ProfileLink user={comment.user} decorative>
                    <Avatar src={comment.user.avatarUrl || undefined}>{comment.user.nickname.slice(0, 1)}</Avatar>
                  </ProfileLink>
                }
                title={
                  <span>
                    <ProfileLink user={comment.user}>{comment.user.nickname}</ProfileLink>
                    <span className="comments__time">{formatTime(comment.createdAt)}</span>
                  </span>
                }
                description={
                  <span className="comments__content">
                    {comment.replyToUser && (
                      <span className="comments__reply-to">回复 @{comment.replyToUser.nickname}：</span>
                    )}
                    {comment.content}
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
      {data && data.total > data.pageSize && (
        <Pagination
          current={page}
          pageSize={data.pageSize}
          total={data.total}
          onChange={setPage}
          showSizeChanger={false}
        />
      )}
    </section>
  );
}
