import type {
  MarkNotificationsReadBody,
  Notification,
  NotificationPage,
  NotificationSettings,
  PushKey,
  PushSubscriptionState,
  SaveNotificationSettingsBody,
  SavePushSubscriptionBody,
  UnreadNotifications,
} from "@xianzhi/contract";
import { api } from "../../app/api";
import { onSocketNews } from "../chat";
import { addArrived, markLoadedRead, nextPageOf } from "./notification-pages";

const PAGE_SIZE = 20;

interface CacheLifecycle<Data> {
  dispatch: (action: unknown) => unknown;
  getCacheEntry(): { status: string };
  updateCachedData(recipe: (draft: Data) => void): unknown;
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
}

/** Every cache entry of notifications asks the server again. */
const refetchNotifications = () => api.util.invalidateTags(["Notifications"]);

/**
 * Keeps a cache entry current from the socket while it lives: `onFrame` takes each notification
 * frame into its data. A fetch under way when a frame arrives may answer what it read before that
 * notification was stored, and replace the frame's news with older: then it is asked again after
 * (invalidations wait for the fetches under way). With `catchUpOnOpen`, each time the socket opens
 * every entry is asked again: what was pushed while it was down never came.
 */
async function followSocket<Data>(
  lifecycle: CacheLifecycle<Data>,
  onFrame: (draft: Data, frame: { notification: Notification; unreadCount: number }) => void,
  { catchUpOnOpen = false } = {},
) {
  const { dispatch, getCacheEntry, updateCachedData, cacheDataLoaded, cacheEntryRemoved } = lifecycle;
  let loaded = false;
  const stop = onSocketNews((news) => {
    if (news.kind === "opened") {
      if (catchUpOnOpen) dispatch(refetchNotifications());
      return;
    }
    const { frame } = news;
    if (frame.type !== "notification") return;
    if (loaded) updateCachedData((draft) => onFrame(draft, frame));
    if (getCacheEntry().status === "pending") dispatch(refetchNotifications());
  });
  try {
    await cacheDataLoaded;
    loaded = true;
  } catch {
    // Removed before it loaded: it only waits to stop listening.
  }
  await cacheEntryRemoved;
  stop();
}

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The bell's count: the one store of it, set by each notification frame; read again whenever
     * the socket opens (what was pushed while it was down is missed), which refreshes the list too.
     */
    notificationsUnread: build.query<UnreadNotifications, void>({
      query: () => "/notifications/unread",
      providesTags: ["Notifications"],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followSocket(
          lifecycle,
          (draft, frame) => {
            draft.unreadCount = frame.unreadCount;
          },
          { catchUpOnOpen: true },
        ),
    }),
    /** The notification centre, page by page (加载更多); what arrives live goes on top. */
    notifications: build.infiniteQuery<NotificationPage, void, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (lastPage, _allPages, lastPageNumber) => nextPageOf(lastPage, lastPageNumber),
      },
      query: ({ pageParam }) => ({ url: "/notifications", params: { page: pageParam, pageSize: PAGE_SIZE } }),
      providesTags: ["Notifications"],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followSocket(lifecycle, (draft, frame) => addArrived(draft, frame.notification)),
    }),
    /** Marks the named notifications read (or all): at once on the screen and the bell, undone if refused. */
    markNotificationsRead: build.mutation<UnreadNotifications, MarkNotificationsReadBody>({
      query: (body) => ({ url: "/notifications/read", method: "PUT", body }),
      async onQueryStarted({ ids }, { dispatch, queryFulfilled }) {
        let newlyRead = 0;
        const patches = [
          dispatch(
            notificationsApi.util.updateQueryData("notifications", undefined, (loaded) => {
              newlyRead = markLoadedRead(loaded, ids);
            }),
          ),
          dispatch(
            notificationsApi.util.updateQueryData("notificationsUnread", undefined, (unread) => {
              unread.unreadCount = ids ? Math.max(0, unread.unreadCount - newlyRead) : 0;
            }),
          ),
        ];
        try {
          const { data } = await queryFulfilled;
          dispatch(
            notificationsApi.util.updateQueryData("notificationsUnread", undefined, (unread) => {
              unread.unreadCount = data.unreadCount;
            }),
          );
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
    }),
    notificationSettings: build.query<NotificationSettings, void>({
      query: () => "/notifications/settings",
    }),
    /** Saves the settings; the switches move at once and go back if the server refuses. */
    saveNotificationSettings: build.mutation<NotificationSettings, SaveNotificationSettingsBody>({
      query: (body) => ({ url: "/notifications/settings", method: "PUT", body }),
      async onQueryStarted(settings, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData("notificationSettings", undefined, (saved) => {
            Object.assign(saved, settings);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    /** The server's VAPID key for subscribing, and whether push is on at all. */
    pushKey: build.query<PushKey, void>({
      query: () => "/push/key",
    }),
    /** This device's subscription, sent (again) to the server: it gets the user's pushes from now on. */
    savePushSubscription: build.mutation<PushSubscriptionState, SavePushSubscriptionBody>({
      query: (body) => ({ url: "/push/subscriptions", method: "PUT", body }),
    }),
    deletePushSubscription: build.mutation<null, { endpoint: string }>({
      query: (body) => ({ url: "/push/subscriptions", method: "DELETE", body }),
    }),
  }),
});

export const {
  useNotificationsUnreadQuery,
  useNotificationsInfiniteQuery,
  useMarkNotificationsReadMutation,
  useNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
  usePushKeyQuery,
  useSavePushSubscriptionMutation,
  useDeletePushSubscriptionMutation,
} = notificationsApi;
