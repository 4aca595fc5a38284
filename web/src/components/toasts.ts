import type { ArgsProps as NotificationArgs } from "antd/es/notification/interface";

const loadAntd = () => import("./antd-scope");

/**
 * Ant Design's messages at the top of the screen, loaded when the first is shown: screens drawn
 * without Ant Design load none of it until then. Its global ones, which outlive the screen that
 * showed them ("发布成功" stays while the goods page opens).
 */
export const message = {
  info: (text: string) => void loadAntd().then(({ staticMessage }) => staticMessage.info(text)),
  success: (text: string) => void loadAntd().then(({ staticMessage }) => staticMessage.success(text)),
  warning: (text: string) => void loadAntd().then(({ staticMessage }) => staticMessage.warning(text)),
  error: (text: string) => void loadAntd().then(({ staticMessage }) => staticMessage.error(text)),
};

/** Ant Design's notices in the corner, loaded as the messages are. */
export const notification = {
  open: (args: NotificationArgs) => void loadAntd().then(({ staticNotification }) => staticNotification.open(args)),
  destroy: (key: string) => void loadAntd().then(({ staticNotification }) => staticNotification.destroy(key)),
};
