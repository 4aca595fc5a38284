import { LoadingOutlined } from "@ant-design/icons";
import { App as AntApp, ConfigProvider, message, notification } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import type { ReactNode } from "react";
import { Provider } from "react-redux";
import { UI } from "./constants";
import type { AppStore } from "./store";
import { antdTheme } from "./theme";

// Toasts: messages 3 s at 8 px from the top, notices 4.5 s (product spec, section 9).
const messageConfig = { duration: UI.messageSeconds, top: UI.messageTopPx, maxCount: 3 };
const notificationConfig = { duration: UI.notificationSeconds };
// antd animates its own spinner out of a button and removes it when the transition ends; when the
// answer comes quickly on a busy phone that transition never runs, and the hidden spinner stays,
// so the button is read out as "loading 登录" for good. A spinner of our own simply goes.
const buttonConfig = { loadingIcon: <LoadingOutlined aria-label="加载中" /> };
message.config(messageConfig);
notification.config(notificationConfig);

/** Redux store, Ant Design in Chinese (its default form-validation messages included) and the toast settings. */
export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider
        locale={zhCN}
        theme={antdTheme}
        form={{ validateMessages: zhCN.Form?.defaultValidateMessages }}
        button={buttonConfig}
      >
        <AntApp message={messageConfig} notification={notificationConfig}>
          {children}
        </AntApp>
      </ConfigProvider>
    </Provider>
  );
}
