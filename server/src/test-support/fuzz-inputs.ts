import { ChatLimits } from "@xianzhi/contract";
import fc from "fast-check";

/** Generators of bad requests for the fuzz test: what a careless client or an attacker sends. */

function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be percent-encoded; send the broken UTF-8 it would become.
    return "%ED%A0%80";
  }
}

/** Ids no row has: out of range, malformed, or in range but far above any test's rows. */
export const badId = fc.oneof(
  fc.constantFrom(
    "-1",
    "0",
    "00",
    "2147483648",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551616",
    "1e3",
    "0x1A",
    "1.5",
    " 1",
    "１２",
    "٣",
    "NaN",
    "Infinity",
    "null",
    "[]",
    "{}",
    "\u0000",
    "1\u0000",
    "9".repeat(200),
  ),
  fc.integer({ min: 1_000_000, max: 2_147_483_647 }).map(String),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 70n }).map(String),
  fc.bigInt({ min: -(2n ** 70n), max: -1n }).map(String),
  fc.string({ unit: "binary", maxLength: 12 }),
);

/** A path parameter as it appears in the URL: encoded, or raw broken percent-encoding. */
export const badPathId = fc.oneof(
  badId.map(encode),
  fc.constantFrom("%E0%A4%A", "%", "%00", "%2F", "%2e%2e", "..", "%C0%AF", "a%20b"),
);

const hugeText = "大".repeat(20_000);

export const junkText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ maxLength: 8 }).map((text) => `${text}\u0000${text}`),
  fc.constantFrom("", " ", "\u0000", "\uFEFF", "\u202E", "'; DROP TABLE users; --", "<script>", hugeText),
  badId,
);

const junkScalar = fc.oneof(
  junkText,
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, Number.MAX_VALUE, 1e308),
  fc.boolean(),
  fc.constant(null),
);

/** Field names of the API's request bodies and queries, so that junk reaches the validators' every branch. */
const fieldNames = fc.constantFrom(
  "id",
  "goodsId",
  "chatId",
  "peerId",
  "replyToId",
  "before",
  "fileId",
  "fileIds",
  "title",
  "description",
  "priceCents",
  "originalPriceCents",
  "category",
  "condition",
  "location",
  "status",
  "content",
  "msgType",
  "clientMsgId",
  "username",
  "password",
  "oldPassword",
  "newPassword",
  "email",
  "emailTicket",
  "captchaId",
  "captchaTicket",
  "code",
  "purpose",
  "nickname",
  "avatarUrl",
  "bio",
  "keyword",
  "page",
  "pageSize",
  "sort",
  "minPrice",
  "maxPrice",
  "city",
  "goodsIds",
  "cursor",
  "token",
  "__proto__",
  "constructor",
);

const junkValue = fc.oneof(
  { weight: 4, arbitrary: junkScalar },
  { weight: 1, arbitrary: fc.array(junkScalar, { maxLength: 12 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), junkScalar, { maxKeys: 4 }) },
);

/** A JSON body with the API's field names holding wrong types, huge strings, NUL, ids out of range. */
const junkObject = fc.dictionary(fc.oneof(fieldNames, fc.string({ maxLength: 8 })), junkValue, { maxKeys: 6 });

export interface RawBody {
  contentType?: string;
  payload?: string;
}

const deepNesting = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const overBodyLimit = JSON.stringify({ title: "x".repeat(1_100_000) });

export const badBody: fc.Arbitrary<RawBody> = fc.oneof(
  {
    weight: 6,
    arbitrary: junkObject.map((body) => ({ contentType: "application/json", payload: JSON.stringify(body) })),
  },
  {
    weight: 2,
    arbitrary: fc
      .anything({ maxDepth: 3 })
      .map((value) => ({ contentType: "application/json", payload: JSON.stringify(value) ?? "" })),
  },
  {
    weight: 1,
    arbitrary: fc.string({ maxLength: 30 }).map((payload) => ({ contentType: "application/json", payload })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      { contentType: "application/json", payload: deepNesting(5_000) },
      { contentType: "application/json", payload: '{"__proto__":{"isAdmin":true},"goodsId":"1"}' },
      { contentType: "application/json", payload: '{"constructor":{"prototype":{"x":1}}}' },
      { contentType: "application/json", payload: overBodyLimit },
      { contentType: "application/json", payload: "" },
      { contentType: "application/json; charset=utf-16", payload: "{}" },
      { contentType: "multipart/form-data", payload: "--x\r\n" },
      { contentType: "multipart/form-data; boundary=x", payload: "--x\r\nContent-Disposition: form-data\r\n\r\n" },
      { contentType: "application/x-www-form-urlencoded", payload: "a=1&b=%00" },
      { contentType: "text/plain", payload: "hello" },
      { contentType: "application/xml", payload: "<a/>" },
      { contentType: "", payload: "{}" },
      {},
    ),
  },
);

const cursorOf = (text: string) => Buffer.from(text).toString("base64url");

/** A query string of API parameter names and junk values, sometimes with repeated keys or broken escapes. */
export const badQuery = fc
  .tuple(
    fc.array(fc.tuple(fc.oneof(fieldNames, fc.string({ maxLength: 6 })), junkText), { maxLength: 6 }),
    fc.constantFrom(
      "",
      "&%",
      "&keyword=%E0%A4%A",
      "&page=1&page=2",
      "&a[b]=1",
      "&pageSize[]=5",
      // Valid enough to pass the validators and reach the queries, at their deepest page.
      "&status=sold&page=1000&pageSize=50",
      // Cursors of the right characters holding the wrong things: junk, another order's, ids out
      // of range, a page number beside one; and a well-formed one far past the last goods.
      `&cursor=${cursorOf("latest.-1")}`,
      `&cursor=${cursorOf("price_asc.1e3.1")}`,
      `&sort=popular&cursor=${cursorOf("popular.1")}`,
      `&cursor=${cursorOf("latest.99999999999")}`,
      `&page=2&cursor=${cursorOf("latest.5")}`,
      `&cursor=${cursorOf("latest.1")}`,
      "&cursor=%F0%9F%98%80",
    ),
  )
  .map(([pairs, tail]) => {
    const query = new URLSearchParams();
    for (const [key, value] of pairs) query.append(key, value);
    const text = `${query.toString()}${tail}`;
    return text ? `?${text}` : "";
  });

/** Authorization headers that sign no one in. */
export const badAuthorization = fc.oneof(
  fc.constantFrom(undefined, "", "Bearer", "Bearer ", "bearer", "Basic dXNlcjpzZWNyZXQ=", "Bearer a b", "Token abc"),
  fc.string({ maxLength: 80 }).map((token) => `Bearer ${token}`),
  fc.string({ unit: "binary", maxLength: 20 }),
);

/**
 * Chat socket frames: junk JSON with the frame's field names, wrong types, ids out of range, not
 * JSON at all. Within the socket's size limit: a larger frame closes the socket (1009) by design.
 */
export const badFrame = fc
  .oneof(
    {
      weight: 4,
      arbitrary: fc
        .record(
          {
            type: fc.oneof(fc.constantFrom("send", "ping", "read", ""), junkText),
            chatId: fc.oneof(badId, junkValue),
            msgType: fc.oneof(fc.constantFrom("text", "image", "goods"), junkText),
            content: fc.oneof(junkText, junkValue),
            clientMsgId: fc.oneof(junkText, junkValue),
          },
          { requiredKeys: [] },
        )
        .map((frame) => JSON.stringify(frame)),
    },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }).map((value) => JSON.stringify(value) ?? "null") },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  )
  .filter((frame) => Buffer.byteLength(frame) <= ChatLimits.frameBytesMax);
