import { Button } from "../../components/kit";
import { Sheet } from "../../components/sheet";
import styles from "./safety.module.css";

interface BlockConfirmProps {
  open: boolean;
  nickname: string;
  blocking: boolean;
  onClose(): void;
  onConfirm(): void;
}

/** What blocking does, said before it is done. */
export function BlockConfirm({ open, nickname, blocking, onClose, onConfirm }: BlockConfirmProps) {
  return (
    <Sheet title={`拉黑 ${nickname}？`} open={open} onClose={onClose}>
      <div>
        <ul className={styles.blockConfirmEffects}>
          <li>对方不能再给你发消息、对你的闲置出价或评论</li>
          <li>你也不能再给对方发消息</li>
          <li>首页和搜索里不再出现对方的闲置</li>
        </ul>
        <p className={styles.blockConfirmUndo}>随时可以在「个人中心 › 黑名单」里取消拉黑。</p>
        <div className={styles.blockConfirmButtons}>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" danger loading={blocking} onClick={onConfirm}>
            确定拉黑
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
