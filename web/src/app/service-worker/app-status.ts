import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import { useSyncExternalStore } from "react";

/** What the app tells the user about itself: offline, showing kept answers, a new version waiting. */
export interface AppStatusState {
  offline: boolean;
  /** When the answers on the screen were kept (ISO), while they come from the worker's cache; else null. */
  savedAt: string | null;
  /** A new version of the app is installed and waits for 刷新. */
  updateReady: boolean;
}

const initialState: AppStatusState = { offline: false, savedAt: null, updateReady: false };

export const appStatusSlice = createSlice({
  name: "appStatus",
  initialState,
  reducers: {
    wentOffline(state) {
      state.offline = true;
    },
    cameOnline(state) {
      state.offline = false;
      state.savedAt = null;
    },
    /** An answer came from the cache: the screen shows what was kept then (the oldest such answer). */
    shownFromCache(state, action: PayloadAction<string>) {
      if (state.savedAt === null || action.payload < state.savedAt) state.savedAt = action.payload;
    },
    /** An answer came from the server: the screen is live again. */
    answeredLive(state) {
      state.savedAt = null;
    },
    updateReady(state) {
      state.updateReady = true;
    },
  },
});

export const { wentOffline, cameOnline, shownFromCache, answeredLive, updateReady } = appStatusSlice.actions;

/**
 * The app's status lives beside the Redux store, not in it: the worker, the connection and every
 * API call report to it, and only the bars read it (features' thunks keep their state's type).
 */
let current = appStatusSlice.reducer(undefined, { type: "init" });
const listeners = new Set<() => void>();

export function reportAppStatus(action: Parameters<typeof appStatusSlice.reducer>[1]): void {
  const next = appStatusSlice.reducer(current, action);
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

export function appStatusNow(): AppStatusState {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppStatus(): AppStatusState {
  return useSyncExternalStore(subscribe, appStatusNow, appStatusNow);
}
