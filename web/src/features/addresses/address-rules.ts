import type { Address, AddressBody } from "@xianzhi/contract";
import { OrderLimits, PHONE_PATTERN } from "@xianzhi/contract/constants";

/** The address form's rules: the contract's AddressBodySchema, field by field, in its words. */

export interface AddressFormValues {
  recipientName: string;
  phone: string;
  region: string;
  street: string;
  isDefault: boolean;
}
export type AddressField = Exclude<keyof AddressFormValues, "isDefault">;

export const ADDRESS_FIELDS: Record<
  AddressField,
  { label: string; max: number; missing: string; placeholder: string }
> = {
  recipientName: {
    label: "收货人",
    max: OrderLimits.recipientNameMax,
    missing: "请填写收货人",
    placeholder: "姓名",
  },
  phone: { label: "手机号", max: 11, missing: "请输入 11 位手机号", placeholder: "11 位手机号" },
  region: {
    label: "所在地区",
    max: OrderLimits.regionMax,
    missing: "请填写所在地区",
    placeholder: "省 市 区，如：上海市 徐汇区",
  },
  street: {
    label: "详细地址",
    max: OrderLimits.streetMax,
    missing: "请填写详细地址",
    placeholder: "街道、楼栋、门牌号",
  },
};

/** A phone as people type it, "138 1234 5678" or "138-1234-5678", as the server takes it. */
export const phoneDigits = (phone: string) => phone.replace(/[\s-]/g, "");

/** What is wrong with one field's value, in the server's words; undefined when nothing is. */
export function addressFieldProblem(field: AddressField, value: string): string | undefined {
  const rule = ADDRESS_FIELDS[field];
  const given = field === "phone" ? phoneDigits(value) : value.trim();
  if (field === "phone") return PHONE_PATTERN.test(given) ? undefined : rule.missing;
  if (!given) return rule.missing;
  if (given.length > rule.max) return `${rule.label}最多 ${rule.max} 个字`;
  return undefined;
}

/** The first problem of each field that has one. */
export function addressProblems(values: AddressFormValues): Partial<Record<AddressField, string>> {
  const problems: Partial<Record<AddressField, string>> = {};
  for (const field of Object.keys(ADDRESS_FIELDS) as AddressField[]) {
    const problem = addressFieldProblem(field, values[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** What the server is sent for the form's values: trimmed, the phone as its digits. */
export function addressBody(values: AddressFormValues): AddressBody {
  return {
    recipientName: values.recipientName.trim(),
    phone: phoneDigits(values.phone),
    region: values.region.trim(),
    street: values.street.trim(),
    isDefault: values.isDefault,
  };
}

/** The form's values for an entry (a new one's are empty). */
export function formValuesOf(address?: Address, isDefault = false): AddressFormValues {
  if (!address) return { recipientName: "", phone: "", region: "", street: "", isDefault };
  const { recipientName, phone, region, street } = address;
  return { recipientName, phone, region, street, isDefault: address.isDefault };
}

/** One line for the entry, as checkout and the book show it: "上海市 徐汇区 漕溪北路 1 号". */
export const addressLine = (address: Pick<Address, "region" | "street">) => `${address.region} ${address.street}`;

/**
 * The entry checkout ships to: the one picked while it is still in the book, else the default
 * (first in the book), else none.
 */
export function pickedAddressId(addresses: readonly Address[], picked: string | undefined): string | undefined {
  if (picked && addresses.some((address) => address.id === picked)) return picked;
  return (addresses.find((address) => address.isDefault) ?? addresses[0])?.id;
}
