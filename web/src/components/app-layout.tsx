import { Outlet, useNavigation } from "react-router";
import { useChatSocket } from "../features/chat/chat-socket";
import { useMessageNotifications } from "../features/chat/message-notifications";
import { PageSpinner } from "./page-spinner";
import { TopNav } from "./top-nav";

/** Every screen but the 404 text sits under the top navigation. */
export function AppLayout() {
  useChatSocket();
  useMessageNotifications();
  const navigation = useNavigation();
  return (
    <div className="app-layout">
      <TopNav />
      <main className="app-main">
        {navigation.state === "loading" && <PageSpinner />}
        <Outlet />
      </main>
    </div>
  );
}
