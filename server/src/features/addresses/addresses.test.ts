import { type Address, OrderLimits } from "@xianzhi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RegisteredUser, registerUser } from "../../test-support/accounts.js";
import { countRows } from "../../test-support/route-table.js";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { addressesOf, findAddressOf } from "./index.js";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = () => registerUser(t.app, t.dataDir);

let added = 0;
const entry = (fields: Partial<Address> = {}) => {
  added += 1;
  return {
    recipientName: "张三",
    phone: "13812345678",
    region: "上海市 徐汇区",
    street: `漕溪北路 ${added} 号`,
    ...fields,
  };
};
const add = (user: RegisteredUser, body: unknown = entry()) =>
  call<Address>(t.app, "POST", "/api/addresses", { token: user.token, body });
const edit = (user: RegisteredUser, id: string, body: unknown) =>
  call<Address>(t.app, "PUT", `/api/addresses/${id}`, { token: user.token, body });
const remove = (user: RegisteredUser, id: string) =>
  call<null>(t.app, "DELETE", `/api/addresses/${id}`, { token: user.token });
const book = async (user: RegisteredUser) =>
  (await call<Address[]>(t.app, "GET", "/api/addresses", { token: user.token })).data;
/** The book as the user sees it: each entry's street, the default marked. */
const streets = async (user: RegisteredUser) =>
  (await book(user)).map((address) => `${address.street}${address.isDefault ? " (默认)" : ""}`);

describe("the address book", () => {
  it("adds, lists, edits and deletes the caller's addresses", async () => {
    const user = await newUser();
    expect(await book(user)).toEqual([]);
    const first = await add(user, entry({ recipientName: " 李四 ", phone: " 13912345678 ", street: "天钥桥路 1 号" }));
    expect(first).toMatchObject({
      code: 200,
      msg: "已添加收货地址",
      data: {
        recipientName: "李四",
        phone: "13912345678",
        region: "上海市 徐汇区",
        street: "天钥桥路 1 号",
        isDefault: true,
      },
    });
    await add(user, entry({ street: "虹桥路 2 号" }));
    expect(await streets(user)).toEqual(["天钥桥路 1 号 (默认)", "虹桥路 2 号"]);

    const edited = await edit(user, first.data.id, entry({ street: "天钥桥路 100 号", phone: "15000000000" }));
    expect(edited).toMatchObject({
      code: 200,
      data: { id: first.data.id, street: "天钥桥路 100 号", phone: "15000000000" },
    });
    expect(await streets(user)).toEqual(["天钥桥路 100 号 (默认)", "虹桥路 2 号"]);

    expect(await remove(user, first.data.id)).toMatchObject({ code: 200, data: null });
    expect(await streets(user)).toEqual(["虹桥路 2 号 (默认)"]);
  });

  it("keeps exactly one default: the first, the one set, then the newest left", async () => {
    const user = await newUser();
    const home = await add(user, entry({ street: "家" }));
    const office = await add(user, entry({ street: "公司", isDefault: true }));
    expect(office.data.isDefault).toBe(true);
    const school = await add(user, entry({ street: "学校" }));
    expect(await streets(user)).toEqual(["公司 (默认)", "学校", "家"]);

    expect((await edit(user, home.data.id, entry({ street: "家", isDefault: true }))).data.isDefault).toBe(true);
    expect(await streets(user)).toEqual(["家 (默认)", "学校", "公司"]);
    // Saving the default without the flag leaves it the default: the book always has one.
    expect((await edit(user, home.data.id, entry({ street: "新家" }))).data.isDefault).toBe(true);
    expect(await streets(user)).toEqual(["新家 (默认)", "学校", "公司"]);

    await remove(user, home.data.id);
    expect(await streets(user)).toEqual(["学校 (默认)", "公司"]);
    await remove(user, office.data.id);
    expect(await streets(user)).toEqual(["学校 (默认)"]);
    await remove(user, school.data.id);
    expect(await book(user)).toEqual([]);
    expect((await add(user, entry({ street: "又一个" }))).data.isDefault).toBe(true);
  });

  it("never shows or touches another user's address, telling it apart from none", async () => {
    const [owner, stranger] = [await newUser(), await newUser()];
    const kept = await add(owner);
    const before = await countRows(t.app.db, t.database);
    for (const id of [kept.data.id, "999999"]) {
      for (const reply of [await edit(stranger, id, entry({ isDefault: true })), await remove(stranger, id)]) {
        expect(reply).toMatchObject({ status: 404, code: 404, msg: "收货地址不存在", data: null });
      }
    }
    expect(await book(stranger)).toEqual([]);
    expect(await countRows(t.app.db, t.database)).toEqual(before);
    expect(await book(owner)).toEqual([kept.data]);
    expect((await call(t.app, "GET", "/api/addresses")).status).toBe(401);
    expect((await call(t.app, "POST", "/api/addresses", { body: entry() })).status).toBe(401);
  });

  it("refuses bad entries, naming what is wrong, and writes nothing", async () => {
    const user = await newUser();
    const kept = await add(user);
    const before = await countRows(t.app.db, t.database);
    const refusals: [unknown, string][] = [
      [entry({ phone: "12812345678" }), "请输入 11 位手机号"],
      [entry({ phone: "1381234567" }), "请输入 11 位手机号"],
      [entry({ phone: "138123456789" }), "请输入 11 位手机号"],
      [entry({ recipientName: "  " }), "请填写收货人"],
      [entry({ region: "" }), "请填写所在地区"],
      [entry({ street: "" }), "请填写详细地址"],
      [entry({ recipientName: "名".repeat(OrderLimits.recipientNameMax + 1) }), ""],
      [entry({ street: "路".repeat(OrderLimits.streetMax + 1) }), ""],
      [{ ...entry(), userId: 1 }, ""],
      [{ phone: "13812345678" }, ""],
    ];
    for (const [body, msg] of refusals) {
      for (const reply of [await add(user, body), await edit(user, kept.data.id, body)]) {
        expect(reply.status, JSON.stringify(body)).toBe(400);
        if (msg) expect(reply.msg).toContain(msg);
      }
    }
    expect(await countRows(t.app.db, t.database)).toEqual(before);
    expect(await book(user)).toEqual([kept.data]);
  });

  it(`keeps at most ${OrderLimits.addressesMax} addresses, even when two are added at the same moment`, async () => {
    const user = await newUser();
    for (let n = 1; n < OrderLimits.addressesMax; n += 1) await add(user);
    const answers = await Promise.all([add(user), add(user)]);
    expect(answers.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([200, 1811]);
    expect(answers.find((answer) => answer.code === 1811)?.msg).toBe("最多保存 20 个收货地址");
    expect(await book(user)).toHaveLength(OrderLimits.addressesMax);
  });

  it("leaves one default when two entries are made the default at the same moment", async () => {
    const user = await newUser();
    const entries = [await add(user), await add(user), await add(user)];
    await Promise.all(entries.map((each) => edit(user, each.data.id, entry({ isDefault: true }))));
    expect((await book(user)).filter((address) => address.isDefault)).toHaveLength(1);
  });
});

describe("what checkout reads of the address book", () => {
  it("finds the user's own entry only, and lists the book default first", async () => {
    const [owner, stranger] = [await newUser(), await newUser()];
    const first = await add(owner);
    const second = await add(owner, entry({ isDefault: true }));
    const [ownerId, strangerId] = [Number(owner.id), Number(stranger.id)];
    expect(await findAddressOf(t.app.db, ownerId, Number(first.data.id))).toEqual({ ...first.data, isDefault: false });
    expect(await findAddressOf(t.app.db, strangerId, Number(first.data.id))).toBeUndefined();
    expect(await findAddressOf(t.app.db, ownerId, 999999)).toBeUndefined();
    expect((await addressesOf(t.app.db, ownerId)).map((address) => address.id)).toEqual([
      second.data.id,
      first.data.id,
    ]);
    expect(await addressesOf(t.app.db, strangerId)).toEqual([]);
  });
});
