import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { antdTheme, palette, paletteProperties } from "./theme";

const sourceRoot = path.resolve(import.meta.dirname, "..");

/** Every stylesheet of the web app, with its text. */
function stylesheets(): { file: string; text: string }[] {
  return readdirSync(sourceRoot, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".css"))
    .map((file) => ({ file, text: readFileSync(path.join(sourceRoot, file), "utf8") }));
}

describe("the palette", () => {
  it("names a custom property for each colour, in the stylesheets' kebab-case", () => {
    expect(Object.fromEntries(paletteProperties())).toEqual({
      "--brand": palette.brand,
      "--brand-dark": palette.brandDark,
      "--text": palette.text,
      "--muted": palette.muted,
      "--bg": palette.bg,
      "--card": palette.card,
      "--danger": palette.danger,
    });
  });

  it("gives Ant Design the same colours as the stylesheets", () => {
    expect(antdTheme.token?.colorPrimary).toBe(palette.brand);
    expect(antdTheme.token?.colorLink).toBe(palette.brandDark);
    expect(antdTheme.token?.colorText).toBe(palette.text);
  });

  it("defines every custom property a stylesheet reads, and no colour twice", () => {
    const sheets = stylesheets();
    const defined = new Set(paletteProperties().map(([property]) => property));
    for (const { text } of sheets) {
      for (const [, property] of text.matchAll(/(--[\w-]+)\s*:/g)) {
        expect(defined.has(property ?? ""), `${property} is both in theme.ts and a stylesheet`).toBe(false);
      }
    }
    for (const { text } of sheets)
      for (const [, property] of text.matchAll(/(--[\w-]+)\s*:/g)) defined.add(property ?? "");
    const undefinedReads = sheets.flatMap(({ file, text }) =>
      [...text.matchAll(/var\((--[\w-]+)/g)]
        .map(([, property]) => property ?? "")
        .filter((property) => !defined.has(property))
        .map((property) => `${file}: ${property}`),
    );
    expect(undefinedReads).toEqual([]);
  });
});
