import type { ReactNode } from "react";
import { Button, Popconfirm } from "./kit";

/** What an action asks before it runs, so that a tap by mistake moves no money. */
export interface Confirmation {
  title: string;
  description: string;
  /** The confirming button's words: the action's own, not 确定. */
  ok: string;
  danger: boolean;
}

interface ConfirmButtonProps {
  asked: Confirmation;
  onConfirm: () => unknown;
  type: "primary" | "default";
  /** Whether the button itself is red (the confirming one is whenever the action is dangerous). */
  danger: boolean;
  loading: boolean;
  children: ReactNode;
}

/** A button that asks first (its own words, or 再想想) and runs the action once confirmed. */
export function ConfirmButton({ asked, onConfirm, type, danger, loading, children }: ConfirmButtonProps) {
  return (
    <Popconfirm
      title={asked.title}
      description={asked.description}
      okText={asked.ok}
      cancelText="再想想"
      okButtonProps={{ danger: asked.danger }}
      onConfirm={onConfirm}
    >
      <Button type={type} danger={danger} loading={loading}>
        {children}
      </Button>
    </Popconfirm>
  );
}
