import type { ModerationContext } from "@xianzhi/contract";
import { GOODS_STATUSES, GOODS_VISIBILITIES, REPORT_REASONS, SUSPENDED_FOREVER } from "@xianzhi/contract/constants";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { formatPrice, formatTime } from "../../components/format";
import { Alert, Drawer, Image, Skeleton, Tag } from "../../components/kit";
import { messageText } from "../chat";
import { ActionForm } from "./action-form";
import styles from "./admin.module.css";
import { type TargetKey, useModerationContextQuery } from "./admin-api";

const suspension = (until: string | null) =>
  until === null
    ? null
    : until === SUSPENDED_FOREVER
      ? "永久封禁"
      : `封禁至 ${new Date(until).toLocaleDateString("zh-CN")}`;

function TargetDetails({ context }: { context: ModerationContext }) {
  const { goods, comment, messages, targetUser, openReports } = context;
  return (
    <div className={styles.adminContext}>
      {context.gone && <Alert type="warning" title="被举报的内容已不存在" />}
      {targetUser && (
        <section>
          <h3>用户</h3>
          <Link to={paths.user(targetUser.id)}>
            {targetUser.nickname} @{targetUser.username}
          </Link>
          {suspension(targetUser.suspendedUntil) && <Tag color="red">{suspension(targetUser.suspendedUntil)}</Tag>}
          {targetUser.bio && <p className={styles.adminText}>{targetUser.bio}</p>}
        </section>
      )}
      {openReports.length > 0 && (
        <section>
          <h3>举报（{openReports.length}）</h3>
          <ul className={styles.adminReports}>
            {openReports.map((report) => (
              <li key={report.id}>
                <Tag>{REPORT_REASONS[report.reason]}</Tag>
                {report.reporter?.nickname ?? "已注销用户"} · {formatTime(report.createdAt)}
                {report.text && <p className={styles.adminText}>{report.text}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {comment && (
        <section>
          <h3>评论</h3>
          <p className={`${styles.adminText} ${styles.adminQuote}`}>{comment.content}</p>
        </section>
      )}
      {messages.length > 0 && (
        <section>
          <h3>聊天记录</h3>
          <ul className={styles.adminMessages}>
            {messages.map((message) => (
              <li key={message.id} className={message.reported ? styles.adminMessageReported : undefined}>
                <strong>{message.sender?.nickname ?? "已注销用户"}：</strong>
                {messageText(message)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {goods && (
        <section>
          <h3>{context.targetType === "goods" ? "闲置" : "所在闲置"}</h3>
          <Link to={paths.goodsInfo(goods.id)} className={styles.adminGoodsTitle}>
            {goods.title}
          </Link>
          <div>
            {formatPrice(goods.priceCents)} · {GOODS_STATUSES[goods.status]}
            {goods.moderation && <Tag color="orange">{GOODS_VISIBILITIES[goods.moderation.visibility]}</Tag>}
          </div>
          {goods.moderation?.reason && <p className={styles.adminText}>{goods.moderation.reason}</p>}
          <div className={styles.adminPictures}>
            {goods.pictures.map((picture, index) => (
              <Image
                key={picture.id}
                src={picture.thumbUrl}
                alt={`${goods.title} 第 ${index + 1} 张图，点按放大`}
                preview={{ src: picture.url }}
                width={72}
                height={72}
              />
            ))}
          </div>
          <p className={styles.adminText}>{goods.description}</p>
        </section>
      )}
    </div>
  );
}

/**
 * One queue item: its context, then what the moderator does about it. Hidden goods stay open,
 * as they are now, for what may follow for their seller (警告, 封禁) with no report left; other
 * actions close the drawer (the 操作记录 tab opens any target acted on again).
 */
export function TargetDrawer({ target, onClose }: { target: TargetKey | null; onClose: () => void }) {
  const { data, isFetching, error } = useModerationContextQuery(target ?? { targetType: "goods", targetId: "" }, {
    skip: !target,
    refetchOnMountOrArgChange: true,
  });
  return (
    <Drawer open={target !== null} onClose={onClose} title="处理" width="min(100vw, 560px)" destroyOnHidden>
      {isFetching && <Skeleton active />}
      {error && !isFetching && <Alert type="info" title="已由其他管理员处理" />}
      {data && !isFetching && target && (
        <>
          <TargetDetails context={data} />
          <ActionForm
            // A fresh form for the target as it is after each action.
            key={data.lastActionId ?? ""}
            target={target}
            actions={data.actions}
            lastActionId={data.lastActionId}
            onDone={(action) => action !== "hide_goods" && onClose()}
          />
        </>
      )}
    </Drawer>
  );
}
