import { describe, expect, it } from "vitest";
import { answeredLive, appStatusSlice, cameOnline, shownFromCache, updateReady, wentOffline } from "./app-status";

const reduce = appStatusSlice.reducer;
const start = reduce(undefined, { type: "init" });

describe("app status", () => {
  it("says offline until the connection is back, and forgets the kept answers' time then", () => {
    let state = reduce(start, wentOffline());
    state = reduce(state, shownFromCache("2026-11-29T08:00:00.000Z"));
    expect(state).toMatchObject({ offline: true, savedAt: "2026-11-29T08:00:00.000Z" });
    state = reduce(state, cameOnline());
    expect(state).toMatchObject({ offline: false, savedAt: null });
  });

  it("shows the oldest time of the kept answers on the screen, and none once the server answers", () => {
    let state = reduce(start, shownFromCache("2026-11-29T09:00:00.000Z"));
    state = reduce(state, shownFromCache("2026-11-28T21:30:00.000Z"));
    state = reduce(state, shownFromCache("2026-11-29T10:00:00.000Z"));
    expect(state.savedAt).toBe("2026-11-28T21:30:00.000Z");
    expect(reduce(state, answeredLive()).savedAt).toBeNull();
  });

  it("keeps a waiting version's 刷新 whatever the connection does", () => {
    let state = reduce(start, updateReady());
    state = reduce(reduce(state, wentOffline()), cameOnline());
    expect(state.updateReady).toBe(true);
  });
});
