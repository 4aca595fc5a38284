import { ConfigProvider, message, notification } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import type { ReactNode } from "react";
import { antdTheme, toastSettings } from "./theme";

/**
 * Ant Design in the app's colours and in Chinese (its default form-validation messages included),
 * where its components are used. A module of its own, loaded with the first such component
 * (with-antd.tsx) or toast (toasts.ts), so that the screens drawn without Ant Design load none of
 * it. It draws no element: the app's stylesheet gives every screen Ant Design's typography.
 */
export default function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={antdTheme} form={{ validateMessages: zhCN.Form?.defaultValidateMessages }}>
      {children}
    </ConfigProvider>
  );
}

// The toasts (toasts.ts) are Ant Design's global ones, drawn with the same colours and language.
message.config(toastSettings.message);
notification.config(toastSettings.notification);
ConfigProvider.config({ holderRender: (children) => <AntdScope>{children}</AntdScope> });

export { message as staticMessage, notification as staticNotification };
