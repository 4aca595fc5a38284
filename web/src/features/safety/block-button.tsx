import type { PublicUser } from "@xianzhi/contract";
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { errorText } from "../../app/api-error";
import { useAppSelector } from "../../app/hooks";
import { paths } from "../../app/paths";
import { message } from "../../components/toasts";
import { withAntd } from "../../components/with-antd";
import { isSignedIn } from "../accounts";
import styles from "./safety.module.css";
import { useBlockMutation, useUnblockMutation } from "./safety-api";
import { useIsBlocked } from "./use-block-state";

// Built with Ant Design, and loaded with it at the first 拉黑.
const BlockConfirm = withAntd(async () => (await import("./block-confirm")).BlockConfirm);

/** 取消拉黑, with its toast: the block button, the chat's notice and the 黑名单 share it. */
export function useUnblock() {
  const [unblock, { isLoading }] = useUnblockMutation();
  const run = async (userId: string) => {
    const result = await unblock(userId);
    if ("error" in result) message.error(errorText(result.error));
    else message.success("已解除拉黑");
  };
  return [run, isLoading] as const;
}

interface BlockButtonProps {
  user: Pick<PublicUser, "id" | "nickname">;
  className?: string;
}

/**
 * 拉黑 (after a confirmation saying what it does) or 取消拉黑 on someone else's page or chat; a
 * visitor is sent to sign in. Nothing on one's own page, nor while the list is not known yet.
 */
export function BlockButton({ user, className }: BlockButtonProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const myId = useAppSelector((state) => state.auth.userInfo.id);
  const blocked = useIsBlocked(user.id);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [block, { isLoading: blocking }] = useBlockMutation();
  const [unblock, unblocking] = useUnblock();
  if (blocked === undefined || myId === user.id) return null;

  const click = () => {
    if (!isSignedIn()) return navigate(paths.login, { state: { from: location.pathname + location.search } });
    if (blocked) return void unblock(user.id);
    setOpened(true);
    setOpen(true);
  };
  const confirm = async () => {
    const result = await block(user.id);
    if ("error" in result) return message.error(errorText(result.error));
    setOpen(false);
    message.success(`已拉黑 ${user.nickname}`);
  };

  return (
    <>
      <button
        type="button"
        className={`${styles.safetyLink} ${className ?? ""}`}
        onClick={click}
        aria-busy={unblocking || undefined}
        aria-haspopup={blocked ? undefined : "dialog"}
      >
        {blocked ? "取消拉黑" : "拉黑"}
      </button>
      {opened && (
        <BlockConfirm
          open={open}
          nickname={user.nickname}
          blocking={blocking}
          onClose={() => setOpen(false)}
          onConfirm={confirm}
        />
      )}
    </>
  );
}
