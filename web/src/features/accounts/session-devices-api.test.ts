import { configureStore } from "@reduxjs/toolkit";
import type { SessionDevice } from "@xianzhi/contract";
import { describe, expect, it, vi } from "vitest";
import { envelope, fakeNetwork, pathOf } from "../../components/test-support/fake-network";
import { sessionDevicesApi } from "./session-devices-api";

const { pending, nextCall, answerNext } = fakeNetwork();

const device = (id: string, current = false): SessionDevice => ({
  id,
  current,
  browser: "Chrome 131",
  system: "Android 14",
  deviceType: "phone",
  address: "203.0.113.*",
  place: null,
  createdAt: "2026-11-28T02:00:00.000Z",
  lastSeenAt: "2026-11-28T02:00:00.000Z",
});

async function storeWithDevices(devices: SessionDevice[]) {
  const store = configureStore({
    reducer: { [sessionDevicesApi.reducerPath]: sessionDevicesApi.reducer },
    middleware: (defaults) => defaults().concat(sessionDevicesApi.middleware),
  });
  const listed = store.dispatch(sessionDevicesApi.endpoints.sessionDevices.initiate());
  await answerNext("GET /api/user/sessions", envelope(devices));
  await listed;
  const ids = () =>
    sessionDevicesApi.endpoints.sessionDevices
      .select()(store.getState())
      .data?.map((shown) => shown.id);
  return { store, ids };
}

describe("signing a device out", () => {
  it("takes it off the list at once, then reads the list as the server has it", async () => {
    const { store, ids } = await storeWithDevices([device("1", true), device("2"), device("3")]);
    const ending = store.dispatch(sessionDevicesApi.endpoints.endSessionDevice.initiate("2"));
    expect(ids()).toEqual(["1", "3"]);
    (await nextCall("DELETE /api/user/sessions/2")).answer(envelope(null));
    await ending;
    await answerNext("GET /api/user/sessions", envelope([device("1", true), device("3")]));
    await vi.waitFor(() => expect(pending.map(pathOf)).toEqual([]));
    expect(ids()).toEqual(["1", "3"]);
  });

  it("puts it back when the server refuses", async () => {
    const { store, ids } = await storeWithDevices([device("1", true), device("2")]);
    const ending = store.dispatch(sessionDevicesApi.endpoints.endSessionDevice.initiate("2"));
    expect(ids()).toEqual(["1"]);
    (await nextCall("DELETE /api/user/sessions/2")).answer(
      { code: 429, msg: "请求过于频繁，请稍后再试", data: null },
      429,
    );
    await ending;
    expect(ids()).toEqual(["1", "2"]);
  });

  it("of every other device leaves only the one in hand", async () => {
    const { store, ids } = await storeWithDevices([device("1", true), device("2"), device("3")]);
    const ending = store.dispatch(sessionDevicesApi.endpoints.endOtherSessionDevices.initiate());
    expect(ids()).toEqual(["1"]);
    (await nextCall("POST /api/user/sessions/end-others")).answer(envelope({ ended: 2 }));
    expect(await ending.unwrap()).toEqual({ ended: 2 });
    await answerNext("GET /api/user/sessions", envelope([device("1", true)]));
    expect(ids()).toEqual(["1"]);
  });
});
