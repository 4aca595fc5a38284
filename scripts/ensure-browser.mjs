#!/usr/bin/env node
/**
 * Makes sure the browser tests can run, as `playwright install --with-deps` would: a Chromium
 * (Debian's /usr/bin/chromium, or the one CHROMIUM_PATH names) and a Chinese font, without which
 * every screen would show empty boxes. What is missing is installed with apt-get where that may be
 * done (root, or sudo without a password); otherwise the run stops and says what to type.
 * `npm test` and `npm run screenshots` call it first; when everything is there it only looks.
 * INSTALL_BROWSER=false: never install, only say what is missing.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { pathToFileURL } from "node:url";

export const DEBIAN_CHROMIUM = "/usr/bin/chromium";
const FONT_PACKAGE = "fonts-noto-cjk";

/**
 * What the script asks of the machine; the tests hand in a fake one.
 * @typedef {object} Machine
 * @property {(path: string) => boolean} hasExecutable
 * @property {() => boolean} hasChineseFont
 * @property {() => boolean} hasAptGet
 * @property {() => boolean} isRoot
 * @property {() => boolean} hasPasswordlessSudo
 * @property {(command: string[]) => number} run runs a command in the foreground, returns its exit code
 * @property {(line: string) => void} log
 */

/**
 * Checks, installs when it may, and returns the exit code: 0 when the browser tests can run.
 * @param {Record<string, string | undefined>} env
 * @param {Machine} machine
 * @returns {number}
 */
export function ensureBrowser(env, machine) {
  const chromiumPath = env.CHROMIUM_PATH || DEBIAN_CHROMIUM;
  const missing = missingPackages(machine, chromiumPath);
  if (missing.length === 0) return 0;

  const stop = { chromiumPath, missing, root: machine.isRoot(), rerun: rerunCommand(env) };
  const reason = reasonNotToInstall(env, machine, chromiumPath, missing);
  if (reason) {
    machine.log(instructions({ ...stop, reason }));
    return 1;
  }

  machine.log(`Installing ${missing.join(" ")} for the browser tests (apt-get)...`);
  const asAdmin = stop.root ? [] : ["sudo", "-n"];
  for (const command of aptCommands(missing)) {
    const status = machine.run([...asAdmin, "env", "DEBIAN_FRONTEND=noninteractive", ...command]);
    if (status !== 0) {
      machine.log(instructions({ ...stop, reason: `"${command.join(" ")}" failed (exit code ${status})` }));
      return 1;
    }
  }

  const stillMissing = missingPackages(machine, chromiumPath);
  if (stillMissing.length === 0) return 0;
  machine.log(
    [
      `apt-get installed ${missing.join(" ")}, yet ${describe(chromiumPath, stillMissing)} ${stillMissing.length > 1 ? "are" : "is"} still missing.`,
      `If your Chromium lives elsewhere (Ubuntu's snap: /snap/bin/chromium), set CHROMIUM_PATH to it and run ${stop.rerun} again.`,
    ].join("\n"),
  );
  return 1;
}

/**
 * The npm command that called this script, to be run again once the fix is in.
 * @param {Record<string, string | undefined>} env
 */
function rerunCommand(env) {
  const script = env.npm_lifecycle_event;
  if (!script) return "the same command";
  return script === "test" ? "npm test" : `npm run ${script}`;
}

/**
 * The Debian packages that would bring what is missing.
 * @param {Machine} machine
 * @param {string} chromiumPath
 * @returns {string[]}
 */
function missingPackages(machine, chromiumPath) {
  const missing = [];
  if (!machine.hasExecutable(chromiumPath)) missing.push("chromium");
  if (!machine.hasChineseFont()) missing.push(FONT_PACKAGE);
  return missing;
}

/**
 * @param {Record<string, string | undefined>} env
 * @param {Machine} machine
 * @param {string} chromiumPath
 * @param {string[]} missing
 * @returns {string | null} why nothing is installed, or null to go ahead
 */
function reasonNotToInstall(env, machine, chromiumPath, missing) {
  if (env.INSTALL_BROWSER === "false") return "INSTALL_BROWSER=false";
  // apt-get puts Chromium at /usr/bin/chromium, never where CHROMIUM_PATH points.
  if (missing.includes("chromium") && chromiumPath !== DEBIAN_CHROMIUM) {
    return `CHROMIUM_PATH points to ${chromiumPath}, where apt-get cannot put a browser`;
  }
  if (!machine.hasAptGet()) return "this machine has no apt-get (not Debian or Ubuntu)";
  if (!machine.isRoot() && !machine.hasPasswordlessSudo()) return "installing needs root, and sudo asks for a password";
  return null;
}

/** @param {string[]} packages */
function aptCommands(packages) {
  return [
    ["apt-get", "update"],
    ["apt-get", "install", "-y", ...packages],
  ];
}

/**
 * @param {string} chromiumPath
 * @param {string[]} missing
 */
function describe(chromiumPath, missing) {
  return missing
    .map((name) => (name === "chromium" ? `Chromium (${chromiumPath})` : `a Chinese font (${FONT_PACKAGE})`))
    .join(" and ");
}

/**
 * The message when the script stops: what is missing, why it was not installed, what to run.
 * @param {{ chromiumPath: string, missing: string[], root: boolean, rerun: string, reason: string }} stop
 */
function instructions({ chromiumPath, missing, root, rerun, reason }) {
  const install = aptCommands(missing)
    .map((parts) => (root ? parts : ["sudo", ...parts]).join(" "))
    .join(" && ");
  const customChromium = chromiumPath !== DEBIAN_CHROMIUM && missing.includes("chromium");
  return [
    `The browser tests need ${describe(chromiumPath, missing)}, which this machine lacks.`,
    `Not installed automatically: ${reason}.`,
    customChromium ? "Point CHROMIUM_PATH to a Chromium or Chrome that exists, or unset it and run:" : "Run:",
    `  ${install}`,
    `then ${rerun} again.`,
    ...(customChromium
      ? []
      : ["Not on Debian or Ubuntu: install Chromium and a Chinese font, and set CHROMIUM_PATH to the browser."]),
  ].join("\n");
}

/** @type {Machine} */
export const thisMachine = {
  hasExecutable(path) {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
  hasChineseFont() {
    // macOS and Windows ship Chinese fonts; on Linux fontconfig knows what Chromium will find.
    if (process.platform !== "linux") return true;
    const fonts = spawnSync("fc-list", [":lang=zh", "family"], { encoding: "utf8" });
    return fonts.status === 0 && fonts.stdout.trim() !== "";
  },
  hasAptGet() {
    return thisMachine.hasExecutable("/usr/bin/apt-get");
  },
  isRoot() {
    return process.getuid?.() === 0;
  },
  hasPasswordlessSudo() {
    return spawnSync("sudo", ["-n", "true"], { stdio: "ignore" }).status === 0;
  },
  run([program, ...args]) {
    if (program === undefined) throw new Error("no command to run");
    return spawnSync(program, args, { stdio: "inherit" }).status ?? 1;
  },
  log(line) {
    console.error(line);
  },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = ensureBrowser(process.env, thisMachine);
}
