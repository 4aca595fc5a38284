import "./shell.css";
import { type MouseEvent, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation, useNavigation } from "react-router";
import { PageSpinner } from "../components/page-spinner";
import { isSignedIn } from "../features/accounts";
import { useChatSocket, useMessageNotifications, useUnreadTotalQuery } from "../features/chat";
import { paths } from "./paths";
import { useSessionEnded } from "./session-ended";
import { TabBar } from "./tab-bar";
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
  // Refetched whenever a chat frame arrives (the socket invalidates the chat tags).
  const { data: unread } = useUnreadTotalQuery(undefined, { skip: !isSignedIn() });
  const unreadTotal = unread?.unreadTotal ?? 0;
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
    <div className={inConversation ? "app-layout app-layout--no-tab-bar" : "app-layout"}>
      {/* biome-ignore lint/a11y/useValidAnchor: a real #main link for assistive tech; the click only keeps the fragment out of the router's history */}
      <a className="skip-link" href="#main" onClick={skipToMain}>
        跳到主要内容
      </a>
      <TopNav unreadTotal={unreadTotal} />
      <main className="app-main" id="main" ref={mainRef} tabIndex={-1}>
        {navigation.state === "loading" && <PageSpinner />}
        <Outlet />
      </main>
      {!inConversation && <TabBar unreadTotal={unreadTotal} />}
      <ScrollRestoration />
    </div>
  );
}
