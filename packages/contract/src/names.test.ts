import { describe, expect, it } from "vitest";
import {
  CreateGoodsBodySchema,
  describeIssue,
  FieldRules,
  hiddenCharactersMessage,
  isShownName,
  RegisterBodySchema,
  RenameSavedSearchBodySchema,
  UpdateGoodsBodySchema,
  UpdateProfileBodySchema,
} from "./index.js";

/** Names others see (security audit, issue 26): the rule the server's schemas and the web's forms share. */
const BIDI = [
  "\u202A",
  "\u202B",
  "\u202C",
  "\u202D",
  "\u202E",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u200E",
  "\u200F",
  "\u061C",
];
const NOTHING_TO_SEE = [
  "\u200B",
  "\u200B\u200C\u200D",
  "\u2060",
  "\uFEFF\u200B",
  "\u00AD",
  "\u3164",
  "\u115F\u1160",
  "\u2800",
  "\u0301",
  " \u200B ",
];

describe("isShownName", () => {
  it.each(["小梅", "Mei_01", "二手 iPhone 13", "👨‍👩‍👧 一家人", "Zoë", "עברית"])("lets %s through", (name) => {
    expect(isShownName(name)).toBe(true);
  });

  it.each(BIDI.map((mark) => [`U+${mark.codePointAt(0)?.toString(16).toUpperCase()}`, mark]))(
    "refuses the bidi control %s anywhere in a name",
    (_, mark) => {
      expect(isShownName(`${mark}gpj.exe`)).toBe(false);
      expect(isShownName(`小梅${mark}`)).toBe(false);
    },
  );

  it.each(NOTHING_TO_SEE.map((name) => [JSON.stringify(name), name]))("refuses %s, with nothing to see", (_, name) => {
    expect(isShownName(name)).toBe(false);
  });

  it("refuses control characters anywhere, and leaves the empty name to the length rules", () => {
    expect(isShownName("小\n梅")).toBe(false);
    expect(isShownName("小梅\u0007")).toBe(false);
    expect(isShownName("")).toBe(true);
  });
});

describe("schemas of names", () => {
  const cases: [string, (name: string) => unknown, import("zod").ZodType, string][] = [
    ["nickname", (nickname) => ({ nickname }), UpdateProfileBodySchema, "昵称"],
    [
      "username",
      (username) => ({ username, password: "secret123", email: "a@example.com", emailTicket: "t" }),
      RegisterBodySchema,
      "用户名",
    ],
    [
      "title",
      (title) => ({ title, priceCents: 100, category: "books", condition: "good" }),
      CreateGoodsBodySchema,
      "标题",
    ],
    ["title (edit)", (title) => ({ title }), UpdateGoodsBodySchema, "标题"],
    ["saved search name", (name) => ({ name }), RenameSavedSearchBodySchema, "名称"],
  ];

  it.each(cases)(
    "%s: a right-to-left override or only zero-width characters is a 400 naming the field",
    (_, body, schema, label) => {
      for (const name of ["\u202E小梅", "\u200B\u200B", "\u2060\uFEFF\u2060"]) {
        const result = schema.safeParse(body(name), { error: describeIssue });
        expect(result.success, JSON.stringify(name)).toBe(false);
        expect(result.error?.issues[0]).toMatchObject({
          code: "custom",
          params: { rule: FieldRules.shownName },
          message: hiddenCharactersMessage(label),
        });
      }
      expect(hiddenCharactersMessage(label)).toBe(`${label}不能包含不可见或控制字符`);
    },
  );

  it.each(cases.filter(([field]) => field !== "username"))("%s: a visible name passes", (_, body, schema) => {
    expect(schema.safeParse(body("二手相机 A7")).success).toBe(true);
  });
});
