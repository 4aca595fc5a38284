import { configureStore } from "@reduxjs/toolkit";
import type { Passkey, Passkeys } from "@xianzhi/contract";
import { describe, expect, it } from "vitest";
import { envelope, fakeNetwork } from "../../components/test-support/fake-network";
import { passkeysApi } from "./passkeys-api";

const { nextCall, answerNext } = fakeNetwork();

const phone: Passkey = {
  id: 1,
  name: "我的手机",
  createdAt: "2026-11-29T05:00:00.000Z",
  lastUsedAt: null,
  synced: true,
};
const laptop: Passkey = { ...phone, id: 2, name: "笔记本", synced: false };
const LIST: Passkeys = { passkeys: [laptop, phone], passkeyOnly: false };
const answer = { id: "AAAA", rawId: "AAAA", type: "public-key" as const, response: {} };

async function storeWith(list: Passkeys) {
  const store = configureStore({
    reducer: { [passkeysApi.reducerPath]: passkeysApi.reducer },
    middleware: (defaults) => defaults().concat(passkeysApi.middleware),
  });
  const read = store.dispatch(passkeysApi.endpoints.passkeys.initiate());
  await answerNext("GET /api/user/passkeys", envelope(list));
  await read;
  const shown = () => passkeysApi.endpoints.passkeys.select()(store.getState()).data;
  return { store, shown };
}

describe("通行密钥 as 账号安全 shows them", () => {
  it("lists a new passkey first as soon as the server keeps it", async () => {
    const { store, shown } = await storeWith({ passkeys: [phone], passkeyOnly: false });
    const adding = store.dispatch(
      passkeysApi.endpoints.addPasskey.initiate({ challengeId: "c", name: "笔记本", response: answer }),
    );
    expect(shown()?.passkeys).toEqual([phone]);
    (await nextCall("POST /api/user/passkeys")).answer(envelope(laptop));
    await adding;
    expect(shown()?.passkeys.map((key) => key.name)).toEqual(["笔记本", "我的手机"]);
    await answerNext("GET /api/user/passkeys", envelope(LIST));
  });

  it("keeps the list as it was when the server refuses the new passkey", async () => {
    const { store, shown } = await storeWith({ passkeys: [phone], passkeyOnly: false });
    const adding = store.dispatch(
      passkeysApi.endpoints.addPasskey.initiate({ challengeId: "c", name: "笔记本", response: answer }),
    );
    (await nextCall("POST /api/user/passkeys")).answer({ code: 1118, msg: "通行密钥验证未通过，请重试", data: null });
    expect(await adding).toHaveProperty("error");
    expect(shown()?.passkeys).toEqual([phone]);
  });

  it("drops a removed passkey at once, and puts it back when the server refuses", async () => {
    const { store, shown } = await storeWith({ passkeys: [laptop, phone], passkeyOnly: true });
    const removing = store.dispatch(passkeysApi.endpoints.removePasskey.initiate(2));
    expect(shown()?.passkeys).toEqual([phone]);
    (await nextCall("DELETE /api/user/passkeys/2")).answer({
      code: 1116,
      msg: "为保护账号安全，请先验证身份",
      data: null,
    });
    await removing;
    expect(shown()?.passkeys).toEqual([laptop, phone]);
    await answerNext("GET /api/user/passkeys", envelope({ passkeys: [laptop, phone], passkeyOnly: true }));
  });

  it("switches 仅通行密钥登录 at once, and back when the server refuses", async () => {
    const { store, shown } = await storeWith(LIST);
    const switching = store.dispatch(passkeysApi.endpoints.setPasskeyOnly.initiate({ on: true }));
    expect(shown()?.passkeyOnly).toBe(true);
    (await nextCall("PUT /api/user/passkey-only")).answer({
      code: 1116,
      msg: "为保护账号安全，请先验证身份",
      data: null,
    });
    await switching;
    expect(shown()?.passkeyOnly).toBe(false);
    await answerNext("GET /api/user/passkeys", envelope(LIST));
  });
});
