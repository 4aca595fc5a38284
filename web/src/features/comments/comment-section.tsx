import { CommentLimits, type GoodsComment } from "@xianzhi/contract";
import { App, Avatar, Button, Empty, Form, Input, List, Pagination } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { errorText } from "../../app/api-error";
import { paths } from "../../app/paths";
import { formatTime } from "../../components/format";
import { isSignedIn } from "../accounts";
import { useAddCommentMutation, useCommentsQuery } from "./comments-api";

/** Comments of a goods item, newest first, with replies and a comment box. */
export function CommentSection({ goodsId }: { goodsId: string }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [replyTo, setReplyTo] = useState<GoodsComment | null>(null);
  const { data, isLoading } = useCommentsQuery({ goodsId, page });
  const [addComment, { isLoading: sending }] = useAddCommentMutation();
  const [form] = Form.useForm<{ content: string }>();

  const submit = async ({ content }: { content: string }) => {
    if (!isSignedIn()) {
      navigate(paths.login, { state: { from: paths.goodsInfo(goodsId) } });
      return;
    }
    const result = await addComment({ goodsId, content, replyToId: replyTo?.id ?? null });
    if ("error" in result) {
      message.error(errorText(result.error));
      return;
    }
    form.resetFields();
    setReplyTo(null);
    setPage(1);
    message.success("评论成功");
  };

  return (
    <section className="comments" aria-labelledby="comments-title">
      <h2 id="comments-title">留言 {data ? `(${data.total})` : ""}</h2>
      <Form form={form} onFinish={submit} className="comments__form">
        {replyTo && (
          <div className="comments__replying">
            回复 @{replyTo.user.nickname}
            <Button type="link" size="small" onClick={() => setReplyTo(null)}>
              取消
            </Button>
          </div>
        )}
        <Form.Item
          name="content"
          rules={[{ required: true, whitespace: true, message: "请输入留言内容" }, { max: CommentLimits.contentMax }]}
        >
          <Input.TextArea
            aria-label="留言内容"
            placeholder={isSignedIn() ? "问问卖家细节吧" : "登录后可以留言"}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={CommentLimits.contentMax}
            showCount
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={sending}>
          发表留言
        </Button>
      </Form>
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
                <Button key="reply" type="link" size="small" onClick={() => setReplyTo(comment)}>
                  回复
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={<Avatar src={comment.user.avatarUrl || undefined}>{comment.user.nickname.slice(0, 1)}</Avatar>}
                title={
                  <span>
                    {comment.user.nickname}
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
