import { configureStore } from "@reduxjs/toolkit";
import type { ModerationLogEntry, Page } from "@xianzhi/contract";
import { describe, expect, it, vi } from "vitest";
import { envelope, fakeNetwork, pathOf } from "../../components/test-support/fake-network";
import { adminApi } from "./admin-api";

const { pending, nextCall, answerNext } = fakeNetwork();

const line = (id: string, action: ModerationLogEntry["action"]) =>
  ({ id, action, targetType: "user", targetId: "9", reason: "核实了注册邮箱" }) as ModerationLogEntry;
const page = (...list: ModerationLogEntry[]): Page<ModerationLogEntry> => ({
  list,
  total: list.length,
  page: 1,
  pageSize: 20,
});

/** A store showing the audit log (记录) with one line. */
async function logStore() {
  const store = configureStore({
    reducer: { [adminApi.reducerPath]: adminApi.reducer },
    middleware: (defaults) => defaults().concat(adminApi.middleware),
  });
  const read = store.dispatch(adminApi.endpoints.moderationLog.initiate(1));
  await answerNext("GET /api/admin/log", envelope(page(line("1", "warn"))));
  await read;
  const shown = () =>
    adminApi.endpoints.moderationLog
      .select(1)(store.getState())
      .data?.list.map((entry) => entry.id);
  return { store, shown };
}

describe("协助恢复账号 in the console", () => {
  it("reads the audit log again once done: its line is there", async () => {
    const { store, shown } = await logStore();
    const recovering = store.dispatch(
      adminApi.endpoints.recoverAccount.initiate({ username: "carol", reason: "核实了注册邮箱" }),
    );
    (await nextCall("POST /api/admin/account-recovery")).answer(envelope(line("2", "recover_account")));
    await recovering;
    await answerNext("GET /api/admin/log", envelope(page(line("2", "recover_account"), line("1", "warn"))));
    await vi.waitFor(() => expect(shown()).toEqual(["2", "1"]));
  });

  it("reads nothing again when the server asks for 身份验证 first: nothing was done", async () => {
    const { store, shown } = await logStore();
    const recovering = store.dispatch(
      adminApi.endpoints.recoverAccount.initiate({ username: "carol", reason: "核实了注册邮箱" }),
    );
    (await nextCall("POST /api/admin/account-recovery")).answer({
      code: 1116,
      msg: "为保护账号安全，请先验证身份",
      data: { method: "password" },
    });
    expect(await recovering).toHaveProperty("error");
    expect(shown()).toEqual(["1"]);
    expect(pending.map(pathOf)).toEqual([]);
  });
});
