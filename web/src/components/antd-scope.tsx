import { ConfigProvider, message, notification } from "antd";
import zhCN from "antd/es/locale/zh_CN";
import { type ReactNode, useSyncExternalStore } from "react";
import { LoadingOutlined } from "./icons";
import { antdTheme, antdThemeWithoutMotion, toastSettings } from "./theme";

// antd animates its own spinner out of a button and removes it when the transition ends; when the
// answer comes quickly on a busy phone that transition never runs, and the hidden spinner stays,
// so the button is read out as "loading 登录" for good. A spinner of our own simply goes.
const buttonSettings = { loadingIcon: <LoadingOutlined aria-label="加载中" /> };

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function watchReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Whether the user's system asks for less motion; the server draws with motion (no animation runs there). */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    watchReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * Ant Design in the app's colours and in Chinese (its default form-validation messages included),
 * where its components are used. A module of its own, loaded with the first such component
 * (with-antd.tsx) or toast (toasts.ts), so that the screens drawn without Ant Design load none of
 * it. It draws no element: the app's stylesheet gives every screen Ant Design's typography.
 * Its animations stop when the user's system asks for less motion.
 */
export default function AntdScope({ children }: { children: ReactNode }) {
  const theme = useReducedMotion() ? antdThemeWithoutMotion : antdTheme;
  return (
    <ConfigProvider
      locale={zhCN}
      theme={theme}
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
