import { describe, expect, it } from "vitest";
import { assemble, PARTS } from "./bench-results.mjs";

describe("bench/results.md", () => {
  it("holds every part's report in order and names the parts not run yet with their command", () => {
    const [http, search] = /** @type {[import("./bench-results.mjs").Part, import("./bench-results.mjs").Part]} */ (
      PARTS
    );
    const text = assemble([
      { part: http, text: "## HTTP\n\n| a | b |\n" },
      { part: search, text: null },
    ]);
    expect(text.startsWith("# Benchmark results\n")).toBe(true);
    expect(text).toContain("## HTTP\n\n| a | b |");
    expect(text).toContain("Not run yet: `npm run bench:search` writes it.");
    expect(text.indexOf("## HTTP")).toBeLessThan(text.indexOf("## search.md"));
  });
});
