import { type MouseEvent, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation, useNavigation } from "react-router";
import { PageSpinner } from "../components/page-spinner";
// The links to users' pages are in screens the server draws (goods cards, the goods page): their
// style comes with the shell, before those screens' code (the shell's chunk takes the component in).
import "../components/profile-link";
import { isSignedIn } from "../features/accounts";
import { useChatSocket, useMessageNotifications, useUnreadTotalQuery } from "../features/chat";
import { useNotificationsUnreadQuery } from "../features/notifications";
import { paths } from "./paths";
import { useAppBadge } from "./service-worker/app-badge";
import { AppStatusBars } from "./service-worker/app-status-bars";
import { useSessionEnded } from "./session-ended";
import styles from "./shell.module.css";
import { TabBar, type UnreadCounts } from "./tab-bar";
import { TopNav } from "./top-nav";

/**
 * Every screen but the 404 text sits under the top navigation, above the phone's tab bar (but for
 * an open conversation). A new
 * page opens at its top; going back returns to where the page was left (ScrollRestoration).
 */
export function AppLayout() {
  useChatSocket(useSessionEnded());
  useMessageNotifications();
  const navigation = useNavigation();
  const signedIn = isSignedIn();
  // Counted on by each live message (chat-feed.ts); read again when the socket reopens, a chat is
  // read, or a read or deal frame comes (they invalidate the chat tags).
  const { data: chats } = useUnreadTotalQuery(undefined, { skip: !signedIn });
  // The bell's count: kept live by the socket's notification frames.
  const { data: notifications } = useNotificationsUnreadQuery(undefined, { skip: !signedIn });
  const unread: UnreadCounts = { chat: chats?.unreadTotal ?? 0, notifications: notifications?.unreadCount ?? 0 };
  useAppBadge(unread.chat + unread.notifications);
  const mainRef = useRef<HTMLElement>(null);
  const location = useLocation();
  // An open conversation has its own way back and needs the height for its message box.
  const inConversation = location.pathname === paths.chat && new URLSearchParams(location.search).has("chatId");

  // Moves the focus itself: a #main fragment would become a history entry of the router.
  const skipToMain = (event: MouseEvent) => {
    event.preventDefault();
    mainRef.current?.focus();
  };

  return (
    <div className={inConversation ? styles.appLayoutNoTabBar : undefined}>
      {/* biome-ignore lint/a11y/useValidAnchor: a real #main link for assistive tech; the click only keeps the fragment out of the router's history */}
      <a className={styles.skipLink} href="#main" onClick={skipToMain}>
        跳到主要内容
      </a>
      <TopNav unread={unread} />
      <AppStatusBars />
      <main className={styles.appMain} id="main" ref={mainRef} tabIndex={-1}>
        {navigation.state === "loading" && <PageSpinner />}
        <Outlet />
      </main>
      {!inConversation && <TabBar unread={unread} />}
      <ScrollRestoration />
    </div>
  );
}
