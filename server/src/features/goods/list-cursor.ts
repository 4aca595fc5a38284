import { type GoodsSort, ID_MAX } from "@xianzhi/contract";
import { appError } from "../../errors.js";
import { type SortFields, sortedByIdAlone, sortValueOf } from "./goods-filter.js";

/**
 * Where a page of a list ended, in the list's sort: the last goods' sort value (none when the sort
 * is by id alone) and id. The next page is the goods after it, whatever was added in front since.
 */
export interface ListCursor {
  value?: number;
  id: number;
}

const NUMBER = /^(0|[1-9]\d{0,9})$/;

const encode = (parts: (string | number)[]) => Buffer.from(parts.join(".")).toString("base64url");

/**
 * The cursor after these goods, as the API hands it out: the sort's name, its value and the id,
 * in base64url. Opaque to clients; the sort's name in it makes a cursor of another order a 400.
 */
export function cursorAfter(sort: GoodsSort, goods: SortFields): string {
  const value = sortValueOf(sort, goods);
  return encode(value === undefined ? [sort, goods.id] : [sort, value, goods.id]);
}

/** The cursor after the goods of this id in a list of the newest first. */
export const cursorAfterNewest = (id: number) => encode(["latest", id]);

const badCursor = (msg: string) => appError("BAD_REQUEST", msg, { issues: [{ field: "cursor", msg }] });

/** The place a cursor of this sort names; a 400 naming the field for anything else. */
export function readCursor(sort: GoodsSort, cursor: string): ListCursor {
  const [name, ...numbers] = Buffer.from(cursor, "base64url").toString("utf8").split(".");
  const values = numbers.map(Number);
  const wellFormed = numbers.length > 0 && numbers.every((part) => NUMBER.test(part) && Number(part) <= ID_MAX);
  if (wellFormed && name !== sort) throw badCursor("翻页位置与排序方式不符，请从第一页重新加载");
  if (!wellFormed || numbers.length !== (sortedByIdAlone(sort) ? 1 : 2)) {
    throw badCursor("翻页位置无效，请从第一页重新加载");
  }
  const id = values.at(-1) as number;
  return values.length === 1 ? { id } : { value: values[0], id };
}
