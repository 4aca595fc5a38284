import type { PublicUser } from "@xianzhi/contract";
import { Errors } from "@xianzhi/contract/constants";
import { PlainButton } from "../../components/plain-controls";
import { useUnblock } from "./block-button";
import styles from "./safety.module.css";

/** Why a chat takes no message: I blocked the peer, or the server said the peer refuses me. */
export type ChatBlock = "by-me" | "by-peer";

/** The refusal the server sends for a message to someone who blocked the sender. */
export const REFUSED_BY_PEER = Errors.THEY_BLOCKED_YOU.msg;

/** In place of the composer of a chat that takes no message, saying why (and, if I blocked, how to undo it). */
export function BlockedChatNotice({ peer, block }: { peer: Pick<PublicUser, "id" | "nickname">; block: ChatBlock }) {
  const [unblock, unblocking] = useUnblock();
  if (block === "by-peer") {
    return (
      <p className={styles.blockedChatNotice} role="status">
        {REFUSED_BY_PEER}，无法继续发送消息
      </p>
    );
  }
  return (
    <div className={styles.blockedChatNotice} role="status">
      <span>你已拉黑 {peer.nickname}，双方都不能再发消息</span>
      <PlainButton onClick={() => unblock(peer.id)} loading={unblocking}>
        取消拉黑
      </PlainButton>
    </div>
  );
}
