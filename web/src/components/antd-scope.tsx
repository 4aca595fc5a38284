import { ConfigProvider, message, notification } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import type { ReactNode } from "react";
import { LoadingOutlined } from "./icons";
import { antdTheme, toastSettings } from "./theme";

// antd animates its own spinner out of a button and removes it when the transition ends; when the
// answer comes quickly on a busy phone that transition never runs, and the hidden spinner stays,
// so the button is read out as "loading 登录" for good. A spinner of our own simply goes.
const buttonSettings = { loadingIcon: <LoadingOutlined aria-label="加载中" /> };

/**
 * Ant Design in the app's colours and in Chinese (its default form-validation messages included),
 * where its components are used. A module of its own, loaded with the first such component
 * (with-antd.tsx) or toast (toasts.ts), so that the screens drawn without Ant Design load none of
 * it. It draws no element: the app's stylesheet gives every screen Ant Design's typography.
 */
export default function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      theme={antdTheme}
      form={{ validateMessages: zhCN.Form?.defaultValidateMessages }}
      button={buttonSettings}
    >
      {children}
    </ConfigProvider>
  );
}

// The toasts (toasts.ts) are Ant Design's global ones, drawn with the same colours and language.
message.config(toastSettings.message);
notification.config(toastSettings.notification);
ConfigProvider.config({ holderRender: (children) => <AntdScope>{children}</AntdScope> });

export { message as staticMessage, notification as staticNotification };
