import sharp from "sharp";
import svgCaptcha from "svg-captcha";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../../test-support/test-app.js";
import { CAPTCHA_ALPHABET, CAPTCHA_HEIGHT, CAPTCHA_WIDTH, drawCaptcha, randomCaptchaAnswer } from "./captcha-image.js";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Point = [number, number];
interface Font {
  charToGlyph(char: string): { getPath(x: number, y: number, size: number): { toPathData(): string } };
}
const font = (svgCaptcha.options as unknown as { font: Font }).font;

/** The points of each contour (subpath) of SVG path data, in order. */
function contoursOf(pathData: string): Point[][] {
  return pathData
    .split(/(?=M)/)
    .map((contour) => (contour.match(/-?\d*\.?\d+(?:e-?\d+)?/g) ?? []).map(Number))
    .map((numbers) => numbers.flatMap((x, i): Point[] => (i % 2 === 0 ? [[x, numbers[i + 1] ?? 0]] : [])))
    .filter((points) => points.length > 3);
}

/** Moved to start at the origin and scaled to unit size: a shape, wherever and however large it was drawn. */
function normalised(points: Point[]): Point[] {
  const [x0, y0] = points[0] ?? [0, 0];
  const size = Math.max(...points.map(([x, y]) => Math.hypot(x - x0, y - y0))) || 1;
  return points.map(([x, y]) => [(x - x0) / size, (y - y0) / size]);
}

const pathDataOf = (svg: string) => [...svg.matchAll(/ d="([^"]+)"/g)].map((match) => match[1] ?? "");

function sameShape(a: Point[], b: Point[]): boolean {
  return a.length === b.length && a.every(([x, y], i) => Math.hypot(x - (b[i]?.[0] ?? 0), y - (b[i]?.[1] ?? 0)) < 0.03);
}

/** How many contours of an SVG are a font outline of one of the characters, only moved or resized. */
function untouchedOutlines(svg: string, chars: string): number {
  const outlines = [...chars.toUpperCase(), ...chars.toLowerCase()].flatMap((char) =>
    contoursOf(font.charToGlyph(char).getPath(0, 0, 40).toPathData()).map(normalised),
  );
  const drawn = pathDataOf(svg).flatMap(contoursOf).map(normalised);
  return drawn.filter((contour) => outlines.some((outline) => sameShape(outline, contour))).length;
}

describe("the captcha image", () => {
  it("is an SVG picture that renders, with no text and one path for all the characters", async () => {
    const reply = await call(t.app, "GET", "/api/com/captcha");
    const svg = reply.data.svg as string;
    const { answer } = await t.app.db
      .selectFrom("captchas")
      .select("answer")
      .where("id", "=", reply.data.captchaId)
      .executeTakeFirstOrThrow();
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    expect(await sharp(png).metadata()).toMatchObject({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });
    expect(svg).not.toMatch(/<text|<tspan|<g[\s>]|font-family/i);
    const filledPaths = svg.match(/<path [^>]*fill="(?!none)/g) ?? [];
    expect(filledPaths).toHaveLength(1);
    expect(untouchedOutlines(svg, answer)).toBe(0);
  });

  it("draws the same answer differently every time", () => {
    const first = pathDataOf(drawCaptcha("HKNa"));
    const second = pathDataOf(drawCaptcha("HKNa"));
    expect(first.join("|")).not.toBe(second.join("|"));
    expect(first.filter((d) => second.includes(d))).toEqual([]);
  });

  it("draws no glyph as the font's untouched outline, as svg-captcha did", () => {
    const old = svgCaptcha.create({ size: 4 });
    expect(untouchedOutlines(old.data, old.text)).toBeGreaterThanOrEqual(4);
    // Every character the alphabet draws, four at a time, as a solver trained on the font would meet them.
    const answers = CAPTCHA_ALPHABET.match(/.{1,4}/g) ?? [];
    expect(answers.join("")).toBe(CAPTCHA_ALPHABET);
    for (const answer of answers) {
      expect(untouchedOutlines(drawCaptcha(answer), answer), answer).toBe(0);
    }
  });

  it("draws every character of the alphabet with some ink", () => {
    for (const char of CAPTCHA_ALPHABET) {
      const glyphs = drawCaptcha(char.repeat(4)).match(/<path d="([^"]+)" fill="(?!none)/)?.[1] ?? "";
      expect(contoursOf(glyphs).length, char).toBeGreaterThanOrEqual(4);
    }
  });
});

describe("the captcha alphabet", () => {
  // What people took for what: "8pmp" was read as "8pmlp".
  const lookAlikes = ["0Oo", "1lIij", "pq", "8B", "5S", "2Z", "uv", "9g", "6b"];

  it("has no character that is taken for another, in either letter case", () => {
    const drawn = new Set([...CAPTCHA_ALPHABET]);
    for (const group of lookAlikes) {
      expect(
        [...group].filter((char) => drawn.has(char) || drawn.has(char.toUpperCase()) || drawn.has(char.toLowerCase())),
        group,
      ).toEqual([]);
    }
    // No letter twice, even in two cases: the check ignores the case.
    expect(new Set([...CAPTCHA_ALPHABET.toLowerCase()]).size).toBe(CAPTCHA_ALPHABET.length);
  });

  it("is all a captcha's answer is made of", async () => {
    const answers = Array.from({ length: 500 }, () => randomCaptchaAnswer(4)).join("");
    expect([...new Set(answers)].sort()).toEqual([...CAPTCHA_ALPHABET].sort());
    for (let i = 0; i < 5; i++) {
      const reply = await call(t.app, "GET", "/api/com/captcha");
      const { answer } = await t.app.db
        .selectFrom("captchas")
        .select("answer")
        .where("id", "=", reply.data.captchaId)
        .executeTakeFirstOrThrow();
      expect(
        [...answer].every((char) => CAPTCHA_ALPHABET.toLowerCase().includes(char)),
        answer,
      ).toBe(true);
    }
  });
});
