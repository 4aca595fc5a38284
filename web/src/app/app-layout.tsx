import { Outlet, useNavigation } from "react-router";
import { PageSpinner } from "../components/page-spinner";
import { useChatSocket, useMessageNotifications } from "../features/chat";
import { useSessionEnded } from "./session-ended";
import { TopNav } from "./top-nav";

/** Every screen but the 404 text sits under the top navigation. */
export function AppLayout() {
  useChatSocket(useSessionEnded());
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
