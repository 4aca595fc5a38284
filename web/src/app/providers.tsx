import { App as AntApp, ConfigProvider, message, notification } from "antd";
import zhCN from "antd/locale/zh_CN";
import type { ReactNode } from "react";
import { Provider } from "react-redux";
import { UI } from "./constants";
import type { AppStore } from "./store";

// Colours chosen for contrast: white on the brand orange and secondary text on white both pass WCAG AA.
const theme = {
  token: {
    colorPrimary: "#c2410c",
    colorLink: "#9a3412",
    colorTextTertiary: "rgba(0, 0, 0, 0.62)",
    colorTextPlaceholder: "rgba(0, 0, 0, 0.58)",
    borderRadius: 8,
    zIndexPopupBase: UI.popupZIndexBase,
  },
};

// Toasts: messages 3 s at 8 px from the top, notices 4.5 s (product spec, section 9).
const messageConfig = { duration: UI.messageSeconds, top: UI.messageTopPx, maxCount: 3 };
const notificationConfig = { duration: UI.notificationSeconds };
message.config(messageConfig);
notification.config(notificationConfig);

/** Redux store, Ant Design in Chinese (its default form-validation messages included) and the toast settings. */
export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider locale={zhCN} theme={theme} form={{ validateMessages: zhCN.Form?.defaultValidateMessages }}>
        <AntApp message={messageConfig} notification={notificationConfig}>
          {children}
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
