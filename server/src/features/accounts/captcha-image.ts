import { randomInt } from "node:crypto";
import svgCaptcha from "svg-captcha";

/**
 * Draws a captcha answer as one SVG path of warped glyph outlines. svg-captcha draws each
 * character as its own untouched font outline, which an offline solver trained on that font reads
 * almost every time; here every glyph is rotated, skewed, scaled and bent, its points jittered,
 * the glyphs overlap at random spacing, and the contours of all of them are shuffled into a
 * single path, crossed by noise curves, erasing strokes and glyph-like decoys.
 */

type Point = [number, number];
interface Segment {
  type: "M" | "L" | "Q" | "C" | "Z";
  /** Control points first, then the end point (none for Z). */
  points: Point[];
}
type Contour = Segment[];

/** The outline parts of the opentype.js font that svg-captcha loads once at start. */
interface FontCommand {
  type: string;
  x?: number;
  y?: number;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
}
interface Font {
  charToGlyph(char: string): { getPath(x: number, y: number, size: number): { commands: FontCommand[] } };
}

/**
 * Every character a captcha is drawn with, each in the one letter case it is drawn in (in this font
 * a D reads as an O, and the lower-case h, n, r and t as one another): none of them reads as another
 * character once bent, so what a person types is what was drawn. Left out, with what they are taken
 * for: 0/O/o/D/Q, 1/I/i/l/L/j/J/t/f, 2/Z/z, 3/8/B, 5/S/s, 6/b/G, 7 (a T), 9/g/q/p/P, u/v/U/V/y,
 * c/e, X (a Y or a K), m/rn and h/n/r. No letter is in twice: the check ignores the case, so an A
 * typed as a is right too. Against machines stand the warping and noise below, the request limits
 * and one guess per captcha (captcha-service.ts), not a picture that people misread.
 */
export const CAPTCHA_ALPHABET = "ACEFHKMNRTWYd4";
export const CAPTCHA_WIDTH = 168;
export const CAPTCHA_HEIGHT = 56;
const FONT_SIZE = 72;

const font = (svgCaptcha.options as unknown as { font: Font }).font;

function toSegments(commands: FontCommand[]): Segment[] {
  return commands.map((command): Segment => {
    const point = (x = 0, y = 0): Point => [x, y];
    switch (command.type) {
      case "M":
      case "L":
        return { type: command.type, points: [point(command.x, command.y)] };
      case "Q":
        return { type: "Q", points: [point(command.x1, command.y1), point(command.x, command.y)] };
      case "C":
        return {
          type: "C",
          points: [point(command.x1, command.y1), point(command.x2, command.y2), point(command.x, command.y)],
        };
      default:
        return { type: "Z", points: [] };
    }
  });
}

function splitContours(segments: Segment[]): Contour[] {
  const contours: Contour[] = [];
  for (const segment of segments) {
    if (segment.type === "M" || contours.length === 0) contours.push([]);
    contours.at(-1)?.push(segment);
  }
  return contours.filter((contour) => contour.length > 2);
}

function mapPoints(contours: Contour[], move: (point: Point) => Point): Contour[] {
  return contours.map((contour) => contour.map((segment) => ({ ...segment, points: segment.points.map(move) })));
}

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

function bounds(contours: Contour[]): Box {
  const box = { left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity };
  for (const contour of contours) {
    for (const segment of contour) {
      for (const [x, y] of segment.points) {
        box.left = Math.min(box.left, x);
        box.right = Math.max(box.right, x);
        box.top = Math.min(box.top, y);
        box.bottom = Math.max(box.bottom, y);
      }
    }
  }
  return box;
}

/** Every character of the alphabet, centred on the origin: read from the font once. */
const OUTLINES = new Map<string, Contour[]>(
  [...CAPTCHA_ALPHABET].map((char) => {
    const contours = splitContours(toSegments(font.charToGlyph(char).getPath(0, 0, FONT_SIZE).commands));
    const box = bounds(contours);
    const [cx, cy] = [(box.left + box.right) / 2, (box.top + box.bottom) / 2];
    return [char, mapPoints(contours, ([x, y]) => [x - cx, y - cy])];
  }),
);

export function randomCaptchaAnswer(length: number): string {
  return Array.from({ length }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join("");
}

const between = (low: number, high: number) => low + Math.random() * (high - low);

/** Rotation, skew and an uneven scale, different for every glyph of every captcha. */
function warpGlyph(contours: Contour[]): Contour[] {
  const angle = between(-0.3, 0.3);
  const skew = between(-0.3, 0.3);
  const scale = between(0.85, 1.12);
  const [sx, sy] = [scale * between(0.8, 1.15), scale * between(0.85, 1.1)];
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return mapPoints(contours, ([x, y]) => {
    const [u, v] = [(x + skew * y) * sx, y * sy];
    return [u * cos - v * sin, u * sin + v * cos];
  });
}

/**
 * Glyphs side by side with random gaps, most of them overlapping, the row centred and shrunk to
 * fit inside the margins; then a wave through the whole picture, so no glyph keeps its shape, and
 * a jitter on every point. One pass over the points, as this runs for every captcha.
 */
function layOutAndBend(glyphs: Contour[][]): Contour[][] {
  let cursor = 0;
  const row = { left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity };
  const offsets = glyphs.map((glyph): Point => {
    const box = bounds(glyph);
    const [dx, dy] = [cursor - box.left, between(-4, 4)];
    cursor += (box.right - box.left) * between(0.96, 1.1);
    row.left = Math.min(row.left, box.left + dx);
    row.right = Math.max(row.right, box.right + dx);
    row.top = Math.min(row.top, box.top + dy);
    row.bottom = Math.max(row.bottom, box.bottom + dy);
    return [dx, dy];
  });
  const fit = Math.min(1, (CAPTCHA_WIDTH - 12) / (row.right - row.left), (CAPTCHA_HEIGHT - 8) / (row.bottom - row.top));
  const [rowX, rowY] = [(row.left + row.right) / 2, (row.top + row.bottom) / 2];
  const [ay, wy, py] = [between(1.5, 3), (2 * Math.PI) / between(60, 100), between(0, 2 * Math.PI)];
  const [ax, wx, px] = [between(1, 2), (2 * Math.PI) / between(25, 45), between(0, 2 * Math.PI)];
  return glyphs.map((glyph, i) => {
    const [dx, dy] = offsets[i] ?? [0, 0];
    return mapPoints(glyph, ([gx, gy]) => {
      const x = CAPTCHA_WIDTH / 2 + (gx + dx - rowX) * fit;
      const y = CAPTCHA_HEIGHT / 2 + (gy + dy - rowY) * fit;
      return [x + ax * Math.sin(y * wx + px) + between(-0.6, 0.6), y + ay * Math.sin(x * wy + py) + between(-0.6, 0.6)];
    });
  });
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

const num = (value: number) => value.toFixed(1);

function pathData(contours: Contour[]): string {
  return contours
    .flat()
    .map((segment) => segment.type + segment.points.map(([x, y]) => `${num(x)} ${num(y)}`).join(" "))
    .join("");
}

/** A curve from the left edge to the right one through the band the glyphs sit in. */
function crossingCurve(): string {
  const y = () => num(between(CAPTCHA_HEIGHT * 0.25, CAPTCHA_HEIGHT * 0.75));
  const x = (low: number, high: number) => num(between(CAPTCHA_WIDTH * low, CAPTCHA_WIDTH * high));
  return `M${x(0, 0.08)} ${y()}C${x(0.25, 0.45)} ${y()} ${x(0.55, 0.75)} ${y()} ${x(0.92, 1)} ${y()}`;
}

/** A short bent stroke as thick as a glyph's, that reads as part of no character. */
function decoyStroke(): string {
  const [x, y] = [between(10, CAPTCHA_WIDTH - 10), between(10, CAPTCHA_HEIGHT - 10)];
  const [dx, dy] = [between(-9, 9), between(-9, 9)];
  return `M${num(x)} ${num(y)}Q${num(x + dx + between(-6, 6))} ${num(y + between(-6, 6))} ${num(x + dx)} ${num(y + dy)}`;
}

const stroke = (d: string, color: string, width: number) =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${num(width)}" stroke-linecap="round"/>`;

export function drawCaptcha(answer: string): string {
  const glyphs = [...answer].map((char) => warpGlyph(OUTLINES.get(char) ?? []));
  const contours = shuffle(layOutAndBend(glyphs).flat());
  const hue = randomInt(360);
  const ink = `hsl(${hue},55%,${randomInt(22, 34)}%)`;
  const paper = `hsl(${(hue + 150 + randomInt(60)) % 360},35%,94%)`;
  const marks = shuffle([
    `<path d="${pathData(contours)}" fill="${ink}" stroke="${ink}" stroke-width="0.8"/>`,
    ...Array.from({ length: randomInt(1, 3) }, () => stroke(crossingCurve(), ink, between(1, 1.5))),
    ...Array.from({ length: randomInt(2, 5) }, () => stroke(decoyStroke(), ink, between(1.2, 2))),
  ]);
  // Drawn last in the paper's colour, these cut thin gaps through the glyphs.
  const erasers = Array.from({ length: randomInt(1, 3) }, () => stroke(crossingCurve(), paper, between(0.8, 1.3)));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0 0 ${CAPTCHA_WIDTH} ${CAPTCHA_HEIGHT}">`,
    `<rect width="100%" height="100%" fill="${paper}"/>`,
    ...marks,
    ...erasers,
    "</svg>",
  ].join("");
}
