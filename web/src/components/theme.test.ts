import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import getDesignToken from "antd/es/theme/getDesignToken";
import { describe, expect, it } from "vitest";
import { antdTheme, antdThemeWithoutMotion, palette, paletteProperties } from "./theme";

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

/** WCAG's contrast ratio of two opaque colours, #rgb or #rrggbb. */
function contrast(first: string, second: string): number {
  const luminance = (colour: string) => {
    const hex = colour.length === 4 ? colour.replace(/\w/g, (digit) => digit + digit) : colour;
    const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
      const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe("Ant Design's colours from the palette", () => {
  const token = getDesignToken(antdTheme);

  // A phone keeps :hover on the control tapped last, so hover and active colours are read as long as the rest.
  it.each([
    "colorPrimary",
    "colorPrimaryHover",
    "colorPrimaryActive",
    "colorPrimaryText",
    "colorPrimaryTextHover",
    "colorPrimaryTextActive",
    "colorLink",
    "colorLinkHover",
    "colorLinkActive",
  ] as const)("%s reads at 4.5:1 or more as text on white, and under white text", (name) => {
    expect(contrast(token[name], palette.card)).toBeGreaterThanOrEqual(4.5);
  });
});

describe("the theme for less motion", () => {
  it("turns Ant Design's motion off, its durations to nothing, and keeps the colours", () => {
    const moving = getDesignToken(antdTheme);
    const still = getDesignToken(antdThemeWithoutMotion);
    expect([moving.motion, moving.motionDurationMid]).toEqual([true, "0.2s"]);
    expect([still.motion, still.motionDurationFast, still.motionDurationMid, still.motionDurationSlow]).toEqual([
      false,
      "0s",
      "0s",
      "0s",
    ]);
    expect(still.colorPrimary).toBe(moving.colorPrimary);
  });
});
