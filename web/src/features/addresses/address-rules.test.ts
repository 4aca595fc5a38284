import type { Address } from "@xianzhi/contract";
import { OrderLimits } from "@xianzhi/contract/constants";
import { describe, expect, it } from "vitest";
import {
  type AddressFormValues,
  addressBody,
  addressFieldProblem,
  addressProblems,
  formValuesOf,
  pickedAddressId,
} from "./address-rules";

const values = (fields: Partial<AddressFormValues> = {}): AddressFormValues => ({
  recipientName: "张三",
  phone: "13812345678",
  region: "上海市 徐汇区",
  street: "漕溪北路 1 号",
  isDefault: false,
  ...fields,
});

const address = (id: string, isDefault = false): Address => ({
  id,
  recipientName: "张三",
  phone: "13812345678",
  region: "上海市 徐汇区",
  street: `${id} 号`,
  isDefault,
  createdAt: "2025-01-01T00:00:00.000Z",
});

describe("the address form's rules", () => {
  it("takes a whole entry, and sends it trimmed with the phone as its digits", () => {
    const typed = values({
      recipientName: " 李四 ",
      phone: "139 1234-5678",
      street: " 天钥桥路 1 号 ",
      isDefault: true,
    });
    expect(addressProblems(typed)).toEqual({});
    expect(addressBody(typed)).toEqual({
      recipientName: "李四",
      phone: "13912345678",
      region: "上海市 徐汇区",
      street: "天钥桥路 1 号",
      isDefault: true,
    });
  });

  // The numbers the contract's AddressBodySchema takes and refuses: a mainland mobile, 11 digits from 13x to 19x.
  it.each(["13012345678", "15912345678", "19999999999"])("takes the mobile number %s", (phone) => {
    expect(addressFieldProblem("phone", phone)).toBeUndefined();
  });
  it.each(["", "12812345678", "1381234567", "138123456789", "23812345678", "1381234567a", "+8613812345678"])(
    "refuses the phone %j in the server's words",
    (phone) => {
      expect(addressFieldProblem("phone", phone)).toBe("请输入 11 位手机号");
    },
  );

  it("names each missing field as the server does", () => {
    expect(addressProblems(values({ recipientName: "  ", region: "", street: "\n" }))).toEqual({
      recipientName: "请填写收货人",
      region: "请填写所在地区",
      street: "请填写详细地址",
    });
  });

  it("holds each field to the contract's limit", () => {
    const longest = values({
      recipientName: "名".repeat(OrderLimits.recipientNameMax),
      region: "区".repeat(OrderLimits.regionMax),
      street: "路".repeat(OrderLimits.streetMax),
    });
    expect(addressProblems(longest)).toEqual({});
    expect(
      addressProblems(
        values({
          recipientName: "名".repeat(OrderLimits.recipientNameMax + 1),
          region: "区".repeat(OrderLimits.regionMax + 1),
          street: "路".repeat(OrderLimits.streetMax + 1),
        }),
      ),
    ).toEqual({
      recipientName: `收货人最多 ${OrderLimits.recipientNameMax} 个字`,
      region: `所在地区最多 ${OrderLimits.regionMax} 个字`,
      street: `详细地址最多 ${OrderLimits.streetMax} 个字`,
    });
  });

  it("starts an edit from the entry, and a new one empty", () => {
    expect(formValuesOf(address("7", true))).toEqual({
      recipientName: "张三",
      phone: "13812345678",
      region: "上海市 徐汇区",
      street: "7 号",
      isDefault: true,
    });
    expect(formValuesOf(undefined, true)).toEqual({
      recipientName: "",
      phone: "",
      region: "",
      street: "",
      isDefault: true,
    });
  });
});

describe("the address checkout ships to", () => {
  const book = [address("3", true), address("9"), address("5")];

  it("is the default until another is picked", () => {
    expect(pickedAddressId(book, undefined)).toBe("3");
    expect(pickedAddressId(book, "9")).toBe("9");
  });

  it("falls back to the default when the picked one left the book, and to none in an empty book", () => {
    expect(pickedAddressId(book, "4")).toBe("3");
    expect(pickedAddressId([address("9"), address("5")], "4")).toBe("9");
    expect(pickedAddressId([], "3")).toBeUndefined();
  });
});
