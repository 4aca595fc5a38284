// The README's diagrams of the trade processes, drawn from their definitions
// (packages/contract/src/values/processes.ts): `npm run docs:processes` writes them between the
// README's markers; process-diagrams.test.ts fails while the README shows another.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  DEAL_PROCESS,
  OFFER_PROCESS,
  ORDER_PROCESS,
  REFUND_PROCESS,
  type TradeProcess,
  type TradeTransition,
} from "@xianzhi/contract/constants";

type AnyProcess = TradeProcess<string, string, string>;

export const PROCESSES: readonly AnyProcess[] = [OFFER_PROCESS, DEAL_PROCESS, ORDER_PROCESS, REFUND_PROCESS];

function whoTakes(process: AnyProcess, step: TradeTransition<string, string>): string {
  const actors = process.actors as Record<string, string>;
  return step.by
    .map((by) => {
      if (by === "timer") return `after ${step.afterHours} h`;
      if (by === "system") return "the system";
      return actors[by] ?? by;
    })
    .join(" or ");
}

/** One process as a Mermaid state diagram: each state with its label, each transition with who takes it. */
export function processDiagram(process: AnyProcess): string {
  const lines = ["```mermaid", "stateDiagram-v2"];
  for (const [state, label] of Object.entries(process.states)) lines.push(`  state "${label} ${state}" as ${state}`);
  lines.push(`  [*] --> ${process.initial}: ${process.startsWhen}`);
  const leaves = new Set<string>();
  for (const [name, step] of Object.entries(process.transitions)) {
    for (const from of step.from) {
      leaves.add(from);
      lines.push(`  ${from} --> ${step.to}: ${name}, ${step.label} (${whoTakes(process, step)})`);
    }
  }
  for (const state of Object.keys(process.states)) if (!leaves.has(state)) lines.push(`  ${state} --> [*]`);
  lines.push("```");
  return lines.join("\n");
}

const marker = (name: string) => [`<!-- process:${name} (npm run docs:processes) -->`, `<!-- /process:${name} -->`];

/** The README with each process's diagram between its markers, drawn anew. */
export function withDiagrams(readme: string, processes: readonly AnyProcess[] = PROCESSES): string {
  let text = readme;
  for (const process of processes) {
    const [open = "", close = ""] = marker(process.name);
    const start = text.indexOf(open);
    const end = text.indexOf(close);
    if (start < 0 || end < start)
      throw new Error(`the README has no ${open} … ${close} for the ${process.name} process`);
    text = `${text.slice(0, start + open.length)}\n${processDiagram(process)}\n${text.slice(end)}`;
  }
  return text;
}

export const README = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../README.md");

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const before = readFileSync(README, "utf8");
  const after = withDiagrams(before);
  writeFileSync(README, after);
  console.log(
    after === before ? "the README's process diagrams were current" : "the README's process diagrams drawn anew",
  );
}
