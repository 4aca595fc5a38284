import { describe, expect, it } from "vitest";
import { assemble, PARTS } from "./bench-results.mjs";

describe("bench/results.md", () => {
  it("holds every part's report in order and names the parts not run yet with their command", () => {
    const part = (/** @type {string} */ file) =>
      /** @type {import("./bench-results.mjs").Part} */ (PARTS.find((p) => p.file === file));
    const text = assemble([
      { part: part("traffic.md"), text: "## Real traffic\n\n| c |\n" },
      { part: part("http.md"), text: "## HTTP\n\n| a | b |\n" },
      { part: part("search.md"), text: null },
    ]);
    expect(text.startsWith("# Benchmark results\n")).toBe(true);
    expect(text).toContain("## HTTP\n\n| a | b |");
    expect(text).toContain("Not run yet: `npm run bench:search` writes it.");
    expect(text.indexOf("## HTTP")).toBeLessThan(text.indexOf("## search.md"));
    // The real traffic comes first, above the repeated-URL rows.
    expect(PARTS[0]?.file).toBe("traffic.md");
    expect(text.indexOf("## Real traffic")).toBeLessThan(text.indexOf("## HTTP"));
  });
});
