import { configureStore } from "@reduxjs/toolkit";
import type { TwoStepStatus } from "@xianzhi/contract";
import { describe, expect, it, vi } from "vitest";
import { envelope, fakeNetwork } from "../../components/test-support/fake-network";
import { twoStepApi } from "./two-step-api";

const { nextCall, answerNext } = fakeNetwork();

const OFF: TwoStepStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
const ON: TwoStepStatus = { enabled: true, enabledAt: "2026-11-29T05:00:00.000Z", recoveryCodesLeft: 10 };
const codes = (count: number) => Array.from({ length: count }, (_, i) => `AAAAA-${String(i).padStart(5, "B")}`);

async function storeWithStatus(status: TwoStepStatus) {
  const store = configureStore({
    reducer: { [twoStepApi.reducerPath]: twoStepApi.reducer },
    middleware: (defaults) => defaults().concat(twoStepApi.middleware),
  });
  const read = store.dispatch(twoStepApi.endpoints.twoStepStatus.initiate());
  await answerNext("GET /api/user/two-step", envelope(status));
  await read;
  const shown = () => twoStepApi.endpoints.twoStepStatus.select()(store.getState()).data;
  return { store, shown };
}

describe("两步验证's state as 账号安全 shows it", () => {
  it("is on with ten recovery codes as soon as the first code is taken, then as the server has it", async () => {
    const { store, shown } = await storeWithStatus(OFF);
    const enabling = store.dispatch(twoStepApi.endpoints.enableTwoStep.initiate({ code: "123456" }));
    expect(shown()).toEqual(OFF);
    (await nextCall("POST /api/user/two-step/enable")).answer(envelope({ recoveryCodes: codes(10) }));
    await enabling;
    expect(shown()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    await answerNext("GET /api/user/two-step", envelope(ON));
    await vi.waitFor(() => expect(shown()).toEqual(ON));
  });

  it("stays off when the first code is refused", async () => {
    const { store, shown } = await storeWithStatus(OFF);
    const enabling = store.dispatch(twoStepApi.endpoints.enableTwoStep.initiate({ code: "000000" }));
    (await nextCall("POST /api/user/two-step/enable")).answer({ code: 1110, msg: "两步验证码不正确", data: null });
    expect(await enabling).toHaveProperty("error");
    expect(shown()).toEqual(OFF);
  });

  it("counts ten recovery codes again once new ones are made", async () => {
    const { store, shown } = await storeWithStatus({ ...ON, recoveryCodesLeft: 2 });
    const renewing = store.dispatch(twoStepApi.endpoints.renewRecoveryCodes.initiate({ code: "123456" }));
    (await nextCall("POST /api/user/two-step/recovery-codes")).answer(envelope({ recoveryCodes: codes(10) }));
    await renewing;
    expect(shown()?.recoveryCodesLeft).toBe(10);
    await answerNext("GET /api/user/two-step", envelope(ON));
  });

  it("shows it off at once when turned off, and on again if the server refuses", async () => {
    const { store, shown } = await storeWithStatus(ON);
    const disabling = store.dispatch(
      twoStepApi.endpoints.disableTwoStep.initiate({ password: "secret123", code: "000000" }),
    );
    expect(shown()).toEqual(OFF);
    (await nextCall("POST /api/user/two-step/disable")).answer({ code: 1110, msg: "两步验证码不正确", data: null });
    await disabling;
    expect(shown()).toEqual(ON);
    await answerNext("GET /api/user/two-step", envelope(ON));
  });
});
