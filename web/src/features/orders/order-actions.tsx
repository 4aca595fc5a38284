import type { Order } from "@xianzhi/contract";
import { OrderTimerDefaults } from "@xianzhi/contract/constants";
import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { errorText } from "../../app/api-error";
import { type Confirmation, ConfirmButton } from "../../components/confirm-button";
import { Button } from "../../components/kit";
import { message } from "../../components/toasts";
import { buttonLabel, nextButton, type OrderAction, type OrderButton, orderButtons } from "./order-rules";
import styles from "./orders.module.css";
import { type OrderActionArgs, useActOnOrderMutation } from "./orders-api";
import { PickupSheet } from "./pickup-sheet";
import { ShipSheet } from "./ship-sheet";

type Confirmed = Exclude<OrderAction, "ship" | "pickup">;

/** What each confirmed action asks first, so that a tap by mistake moves no money. */
function confirmation(action: Confirmed, order: Order): Confirmation {
  switch (action) {
    case "cancel":
      return { title: "确定取消这个订单吗？", description: "闲置会重新上架", ok: "取消订单", danger: true };
    case "requestCancel":
      return {
        title: "申请取消订单？",
        description: `卖家同意或 ${OrderTimerDefaults.cancelRequestHours} 小时内未处理，货款原路退回`,
        ok: "申请取消",
        danger: true,
      };
    case "refund":
      return {
        title: order.cancelRequestedAt === null ? "确定取消订单并退款吗？" : "同意买家取消并退款？",
        description: "货款原路退回买家，闲置重新上架",
        ok: order.cancelRequestedAt === null ? "取消并退款" : "同意并退款",
        danger: true,
      };
    case "extend":
      return {
        title: "延长收货时间？",
        description: `延长 ${OrderTimerDefaults.extendDays} 天，只能延长一次`,
        ok: "延长收货",
        danger: false,
      };
    case "confirm":
      return {
        title: "确认已收到货？",
        description: "确认后货款将打给卖家，无法撤回",
        ok: "确认收货",
        danger: false,
      };
  }
}

const DONE: Record<OrderAction, (order: Order) => string> = {
  cancel: () => "订单已取消",
  requestCancel: () => "已申请取消，等待卖家处理",
  refund: () => "订单已取消，货款原路退回",
  ship: (order) => (order.delivery === "meetup" ? "已确认面交" : "已发货"),
  extend: () => "已延长收货时间",
  confirm: () => "已确认收货，交易成功",
  pickup: () => "取件码正确，交易成功",
};

/** Runs an action; its refusal shows the envelope's words. Answers whether it was done. */
function useOrderAction(order: Order) {
  const [act, { isLoading }] = useActOnOrderMutation();
  const run = async (args: OrderActionArgs) => {
    const result = await act(args);
    if ("error" in result) {
      message.error(errorText(result.error));
      return false;
    }
    message.success(DONE[args.action](order));
    return true;
  };
  return { run, isLoading };
}

interface OrderActionButtonProps {
  order: Order;
  button: OrderButton;
  primary?: boolean;
}

/** One button of an order, with what it opens first: the pay page, a sheet, or a confirmation. */
export function OrderActionButton({ order, button, primary = false }: OrderActionButtonProps) {
  const navigate = useNavigate();
  const { run, isLoading } = useOrderAction(order);
  const [sheetOpen, setSheetOpen] = useState(false);
  const label = buttonLabel(button, order);
  const type = primary ? "primary" : "default";

  if (button === "pay") {
    const payUrl = order.payUrl ?? "";
    // The sandbox's pay page is a page of this app; a real provider's is elsewhere.
    const pay = () => (payUrl.startsWith("/") ? navigate(payUrl) : window.location.assign(payUrl));
    return (
      <Button type={type} onClick={pay}>
        {label}
      </Button>
    );
  }
  if (button === "ship" || button === "pickup") {
    const submit = async (args: OrderActionArgs) => {
      if (await run(args)) setSheetOpen(false);
    };
    return (
      <>
        <Button type={type} onClick={() => setSheetOpen(true)} aria-haspopup="dialog">
          {label}
        </Button>
        {button === "ship" ? (
          <ShipSheet
            order={order}
            open={sheetOpen}
            submitting={isLoading}
            onSubmit={(body) => submit({ orderId: order.id, action: "ship", body })}
            onClose={() => setSheetOpen(false)}
          />
        ) : (
          <PickupSheet
            open={sheetOpen}
            triesLeft={order.pickupTriesLeft}
            submitting={isLoading}
            onSubmit={(body) => submit({ orderId: order.id, action: "pickup", body })}
            onClose={() => setSheetOpen(false)}
          />
        )}
      </>
    );
  }
  const asked = confirmation(button, order);
  return (
    <ConfirmButton
      asked={asked}
      onConfirm={() => run({ orderId: order.id, action: button })}
      type={type}
      danger={asked.danger}
      loading={isLoading}
    >
      {label}
    </ConfirmButton>
  );
}

/**
 * Every button the order has for the caller now (order.actions, and 去付款), the next one first in
 * colour; `children` follow them (申请退款, which opens a request of its own).
 */
export function OrderActions({ order, children }: { order: Order; children?: ReactNode }) {
  const buttons = orderButtons(order);
  const next = nextButton(order);
  if (buttons.length === 0 && !children) return null;
  return (
    <div className={styles.orderActions}>
      {buttons.map((button) => (
        <OrderActionButton key={button} order={order} button={button} primary={button === next} />
      ))}
      {children}
    </div>
  );
}
