import type { GoodsComment } from "@xianzhi/contract";
import { CommentLimits } from "@xianzhi/contract/constants";
import { Button, Form, Input } from "antd";
import { useNavigate } from "react-router";
import { errorText } from "../../app/api-error";
import { paths } from "../../app/paths";
import { message } from "../../components/toasts";
import { isSignedIn } from "../accounts";
import { keepDraft, readDraft } from "./comment-draft";
import { useAddCommentMutation } from "./comments-api";

interface CommentFormProps {
  goodsId: string;
  replyTo: GoodsComment | null;
  onCancelReply(): void;
  onPosted(): void;
}

/**
 * The comment box. A visitor is sent to log in and back; what they typed waits for them as a
 * draft (comment-draft.ts). Render it with `key={goodsId}`, so each goods has its own draft.
 */
export function CommentForm({ goodsId, replyTo, onCancelReply, onPosted }: CommentFormProps) {
  const navigate = useNavigate();
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
    form.setFieldValue("content", "");
    keepDraft(goodsId, "");
    onPosted();
    message.success("评论成功");
  };

  return (
    <Form
      form={form}
      initialValues={{ content: readDraft(goodsId) }}
      onValuesChange={(_changed, values) => keepDraft(goodsId, values.content ?? "")}
      onFinish={submit}
      className="comments__form"
    >
      {replyTo && (
        <div className="comments__replying">
          回复 @{replyTo.user.nickname}
          <Button type="link" onClick={onCancelReply}>
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
          placeholder={isSignedIn() ? "问问卖家细节吧" : "登录后可以留言，写好的内容会保留"}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={CommentLimits.contentMax}
          showCount
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={sending} className="comments__submit">
        {isSignedIn() ? "发表留言" : "登录后发表"}
      </Button>
    </Form>
  );
}
