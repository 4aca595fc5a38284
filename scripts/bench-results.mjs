/**
 * The last step of `npm run bench`: bench/results.md made of the parts' own reports
 * (bench/http.md, bench/search.md, …), in the order below, so that one file holds the run.
 * A part that has not been run yet is named as missing rather than left out silently.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../bench");

/** @typedef {{ file: string, command: string }} Part */
/** @typedef {{ part: Part, text: string | null }} Report */

/** Each part: its report file and the command that writes it. @type {Part[]} */
export const PARTS = [
  { file: "traffic.md", command: "npm run bench:traffic" },
  { file: "http.md", command: "npm run bench:http" },
  { file: "search.md", command: "npm run bench:search" },
  { file: "chat.md", command: "npm run bench:chat" },
  { file: "mixed.md", command: "npm run bench:mixed" },
  { file: "edge.md", command: "npm run bench:edge" },
  { file: "checkout.md", command: "npm run bench:checkout" },
  { file: "web.md", command: "npm run bench:web" },
];

/**
 * The parts' reports one after the other, under one heading.
 * @param {Report[]} reports
 */
export function assemble(reports) {
  const sections = reports.map(({ part, text }) =>
    text === null ? `## ${part.file}\n\nNot run yet: \`${part.command}\` writes it.\n` : text.trim(),
  );
  return [
    "# Benchmark results",
    "",
    "Written by `npm run bench`, which runs every part below in turn; each part can also be run alone",
    "with its own command and rewrites its section. Every figure is measured side by side with its",
    "reference in the same run, so ratios hold on this shared, noisy machine.",
    "",
    ...sections.flatMap((section) => [section, ""]),
  ].join("\n");
}

/** @param {Part} part @returns {Promise<Report>} */
async function readReport(part) {
  try {
    return { part, text: await fs.readFile(path.join(benchDir, part.file), "utf8") };
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === "ENOENT") return { part, text: null };
    throw error;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const reports = await Promise.all(PARTS.map(readReport));
  await fs.writeFile(path.join(benchDir, "results.md"), assemble(reports));
  console.log(`bench/results.md: ${reports.filter((report) => report.text !== null).length} of ${PARTS.length} parts`);
}
