// npm start: builds the app only when a build is missing or older than a source it was made from,
// so a second start serves at once; a changed screen, server file or lock file rebuilds everything
// (the build steps depend on each other: the server and the web app use the contract's build).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** What the build makes: each must exist and be newer than every source. */
export const OUTPUTS = [
  "packages/contract/dist/index.js",
  "server/dist/main.js",
  "web/dist/index.html",
  "web/dist-ssr/entry-server.js",
];

/** What the build reads: files, or folders read whole. */
export const SOURCES = [
  "package-lock.json",
  "tsconfig.base.json",
  "packages/contract/src",
  "packages/contract/package.json",
  "packages/contract/tsconfig.json",
  "packages/contract/tsconfig.build.json",
  "server/src",
  "server/package.json",
  "server/tsconfig.json",
  "server/tsconfig.build.json",
  "web/src",
  "web/public",
  "web/index.html",
  "web/package.json",
  "web/tsconfig.json",
  "web/vite.config.ts",
];

/**
 * The newest modification time among a file or a folder's files; 0 when it does not exist.
 * @param {string} file
 * @returns {number}
 */
function newestTime(file) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(file).map((name) => newestTime(path.join(file, name))));
}

/**
 * Why the checkout at `root` needs a build, or null when its build is up to date.
 * @param {string} root
 * @returns {string | null}
 */
export function reasonToBuild(root) {
  const missing = OUTPUTS.find((output) => !fs.existsSync(path.join(root, output)));
  if (missing) return `${missing} is missing`;
  const built = Math.min(...OUTPUTS.map((output) => fs.statSync(path.join(root, output)).mtimeMs));
  const changed = SOURCES.find((source) => newestTime(path.join(root, source)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const reason = reasonToBuild(root);
  if (reason === null) {
    console.log("The build is up to date: serving it (npm run build rebuilds anyway).");
  } else {
    console.log(`Building: ${reason}.`);
    const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    process.exit(build.status ?? 1);
  }
}
