import type { GoodsComment } from "@xianzhi/contract";
import { CommentLimits } from "@xianzhi/contract/constants";
import { type FormEvent, useId, useState } from "react";
import { useNavigate } from "react-router";
import { errorText } from "../../app/api-error";
import { paths } from "../../app/paths";
import { PlainButton, PlainLinkButton } from "../../components/plain-controls";
import { message } from "../../components/toasts";
import { isSignedIn } from "../accounts";
import { keepDraft, readDraft } from "./comment-draft";
import styles from "./comments.module.css";
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
 * Drawn as Ant Design's form (a growing text area with its count, the error under it) without it:
 * every goods page shows this box.
 */
export function CommentForm({ goodsId, replyTo, onCancelReply, onPosted }: CommentFormProps) {
  const navigate = useNavigate();
  const [addComment, { isLoading: sending }] = useAddCommentMutation();
  const [content, setContent] = useState(() => readDraft(goodsId));
  // As Ant Design's form: the error shows once the field was changed or the form sent.
  const [checked, setChecked] = useState(false);
  const errorId = useId();
  const missing = checked && content.trim() === "";

  const change = (value: string) => {
    setContent(value);
    setChecked(true);
    keepDraft(goodsId, value);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setChecked(true);
    if (content.trim() === "") return;
    if (!isSignedIn()) {
      navigate(paths.login, { state: { from: paths.goodsInfo(goodsId) } });
      return;
    }
    const result = await addComment({ goodsId, content, replyToId: replyTo?.id ?? null });
    if ("error" in result) {
      message.error(errorText(result.error));
      return;
    }
    setContent("");
    setChecked(false);
    keepDraft(goodsId, "");
    onPosted();
    message.success("评论成功");
  };

  return (
    <form className={styles.commentsForm} onSubmit={submit} noValidate>
      {replyTo && (
        <div className={styles.commentsReplying}>
          回复 @{replyTo.user.nickname}
          <PlainLinkButton className={styles.commentsCancelReply} onClick={onCancelReply}>
            取消
          </PlainLinkButton>
        </div>
      )}
      <div className={styles.commentsField}>
        <div className={`${styles.commentsBox}${missing ? ` ${styles.commentsBoxError}` : ""}`}>
          <textarea
            className={styles.commentsInput}
            aria-label="留言内容"
            aria-invalid={missing || undefined}
            aria-describedby={missing ? errorId : undefined}
            placeholder={isSignedIn() ? "问问卖家细节吧" : "登录后可以留言，写好的内容会保留"}
            maxLength={CommentLimits.contentMax}
            value={content}
            onChange={(event) => change(event.target.value)}
          />
        </div>
        <span className={styles.commentsCount}>
          {content.length} / {CommentLimits.contentMax}
        </span>
        {missing && (
          <div id={errorId} className={styles.commentsError} role="alert">
            请输入留言内容
          </div>
        )}
      </div>
      <PlainButton primary type="submit" loading={sending} className={styles.commentsSubmit}>
        {isSignedIn() ? "发表留言" : "登录后发表"}
      </PlainButton>
    </form>
  );
}
