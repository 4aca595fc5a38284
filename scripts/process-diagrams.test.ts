import { readFileSync } from "node:fs";
import { DEAL_PROCESS } from "@xianzhi/contract/constants";
import { describe, expect, it } from "vitest";
import { processDiagram, README, withDiagrams } from "./process-diagrams.js";

describe("the README's trade process diagrams", () => {
  it("are the ones the process definitions draw (npm run docs:processes draws them anew)", () => {
    const readme = readFileSync(README, "utf8");
    expect(readme).toBe(withDiagrams(readme));
  });

  it("show each state, each transition and who takes it", () => {
    const diagram = processDiagram(DEAL_PROCESS);
    expect(diagram).toContain('state "交易中 reserved" as reserved');
    expect(diagram).toContain("[*] --> reserved: an offer is accepted");
    expect(diagram).toContain(
      "reserved --> completed: complete, the goods are sold (by the seller, or when the deal's protected order succeeds) (the seller or the system)",
    );
    expect(diagram).toContain(
      "reserved --> cancelled: cancel, the goods are on sale again (by either side, or when the deal's protected order closes) (the buyer or the seller or the system)",
    );
    expect(diagram).toContain("completed --> [*]");
    expect(diagram).not.toContain("reserved --> [*]");
  });

  it("go stale when a process changes", () => {
    const readme = readFileSync(README, "utf8");
    const changed = {
      ...DEAL_PROCESS,
      transitions: { ...DEAL_PROCESS.transitions, complete: { ...DEAL_PROCESS.transitions.complete, by: ["buyer"] } },
    };
    expect(withDiagrams(readme, [changed])).not.toBe(readme);
  });
});
