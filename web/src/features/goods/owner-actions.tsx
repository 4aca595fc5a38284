import type { Goods } from "@xianzhi/contract";
import { GOODS_STATUSES, type GoodsStatus } from "@xianzhi/contract/constants";
import { useNavigate } from "react-router";
import { errorText } from "../../app/api-error";
import { paths } from "../../app/paths";
import { classNames } from "../../components/class-names";
import { FingerSized } from "../../components/finger-sized";
import { DeleteOutlined, EditOutlined } from "../../components/icons";
import { Button, Popconfirm, Select } from "../../components/kit";
import { message } from "../../components/toasts";
import { useDeleteGoodsMutation, useSetGoodsStatusMutation } from "./goods-api";
import myGoodsStyles from "./my-goods.module.css";
import styles from "./owner-actions.module.css";
import { usePhoneLayout } from "./use-phone-layout";

const statusOptions = Object.entries(GOODS_STATUSES).map(([value, label]) => ({ value, label }));

export interface OwnerActionsProps {
  goods: Goods;
  /**
   * Small controls for a card in a list (large on a phone: a finger's 44 px); the detail page shows
   * large ones with labels, like a buyer's.
   */
  compact?: boolean;
  onDeleted?: () => void;
  /** The screen's class for the row of actions, and for the status select in it. */
  className?: string;
  statusClassName?: string;
}

/** What a seller does with their own goods: set the status, edit, delete (after a confirm). */
export function OwnerActions({ goods, compact = false, onDeleted, className, statusClassName }: OwnerActionsProps) {
  const navigate = useNavigate();
  const [setStatus, { isLoading: settingStatus }] = useSetGoodsStatusMutation();
  const [deleteGoods, { isLoading: deleting }] = useDeleteGoodsMutation();
  const phone = usePhoneLayout();
  const size = compact && !phone ? "small" : "large";

  const changeStatus = async (status: GoodsStatus) => {
    const result = await setStatus({ id: goods.id, status });
    if ("error" in result) message.error(errorText(result.error));
    else message.success(`已标记为${GOODS_STATUSES[status]}`);
  };
  const remove = async () => {
    const result = await deleteGoods(goods.id);
    if ("error" in result) message.error(errorText(result.error));
    else {
      message.success("已删除");
      onDeleted?.();
    }
  };

  return (
    <FingerSized>
      <div className={classNames(compact ? myGoodsStyles.myGoodsActions : styles.ownerActions, className)}>
        <Select
          size={size}
          aria-label={compact ? `${goods.title}的状态` : "闲置状态"}
          value={goods.status}
          options={statusOptions}
          onChange={changeStatus}
          loading={settingStatus}
          className={classNames(styles.ownerActionsStatus, statusClassName)}
        />
        <Button size={size} icon={<EditOutlined />} onClick={() => navigate(`${paths.post}?edit=${goods.id}`)}>
          编辑
        </Button>
        <Popconfirm
          title="确定删除这件闲置吗？"
          description="删除后无法恢复"
          okText="删除"
          cancelText="取消"
          onConfirm={remove}
        >
          <Button
            size={size}
            danger
            icon={<DeleteOutlined />}
            loading={deleting}
            aria-label={compact ? `删除${goods.title}` : undefined}
          >
            {compact ? null : "删除"}
          </Button>
        </Popconfirm>
      </div>
    </FingerSized>
  );
}
