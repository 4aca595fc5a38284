import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEBIAN_CHROMIUM, ensureBrowser, type Machine } from "./ensure-browser.mjs";

interface FakeState {
  executables: Set<string>;
  chineseFont: boolean;
  aptGet: boolean;
  root: boolean;
  passwordlessSudo: boolean;
  /** what apt-get install puts on the machine; exit code of the commands */
  installs: { chromium: string | null; status: number };
}

/** A machine whose files and privileges the test decides; apt-get "installs" into it. */
function fakeMachine(overrides: Partial<FakeState> = {}) {
  const state: FakeState = {
    executables: new Set([DEBIAN_CHROMIUM]),
    chineseFont: true,
    aptGet: true,
    root: true,
    passwordlessSudo: false,
    installs: { chromium: DEBIAN_CHROMIUM, status: 0 },
    ...overrides,
  };
  const commands: string[] = [];
  const messages: string[] = [];
  const machine: Machine = {
    hasExecutable: (path) => state.executables.has(path),
    hasChineseFont: () => state.chineseFont,
    hasAptGet: () => state.aptGet,
    isRoot: () => state.root,
    hasPasswordlessSudo: () => state.passwordlessSudo,
    run(command) {
      commands.push(command.join(" "));
      if (state.installs.status === 0 && command.includes("install")) {
        if (command.includes("chromium") && state.installs.chromium) state.executables.add(state.installs.chromium);
        if (command.includes("fonts-noto-cjk")) state.chineseFont = true;
      }
      return state.installs.status;
    },
    log: (line) => messages.push(line),
  };
  return { machine, commands, messages };
}

const inNpmTest = { npm_lifecycle_event: "test" };

describe("ensure-browser", () => {
  it("only looks when Chromium and a Chinese font are there", () => {
    const { machine, commands, messages } = fakeMachine();
    expect(ensureBrowser(inNpmTest, machine)).toBe(0);
    expect(commands).toEqual([]);
    expect(messages).toEqual([]);
  });

  it("installs what is missing with apt-get as root, and goes on", () => {
    const { machine, commands } = fakeMachine({ executables: new Set(), chineseFont: false });
    expect(ensureBrowser(inNpmTest, machine)).toBe(0);
    expect(commands).toEqual([
      "env DEBIAN_FRONTEND=noninteractive apt-get update",
      "env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium fonts-noto-cjk",
    ]);
  });

  it("installs only the missing package, through sudo when it needs no password", () => {
    const { machine, commands } = fakeMachine({ chineseFont: false, root: false, passwordlessSudo: true });
    expect(ensureBrowser(inNpmTest, machine)).toBe(0);
    expect(commands).toEqual([
      "sudo -n env DEBIAN_FRONTEND=noninteractive apt-get update",
      "sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y fonts-noto-cjk",
    ]);
  });

  it("stops with the exact command when sudo asks for a password", () => {
    const { machine, commands, messages } = fakeMachine({ executables: new Set(), chineseFont: false, root: false });
    expect(ensureBrowser(inNpmTest, machine)).toBe(1);
    expect(commands).toEqual([]);
    expect(messages.join("\n")).toContain(
      "tests need Chromium (/usr/bin/chromium) and a Chinese font (fonts-noto-cjk)",
    );
    expect(messages.join("\n")).toContain("installing needs root, and sudo asks for a password");
    expect(messages.join("\n")).toContain(
      "  sudo apt-get update && sudo apt-get install -y chromium fonts-noto-cjk\nthen npm test again.",
    );
  });

  it("installs nothing with INSTALL_BROWSER=false, and names the command without sudo for root", () => {
    const { machine, commands, messages } = fakeMachine({ executables: new Set() });
    const env = { npm_lifecycle_event: "screenshots", INSTALL_BROWSER: "false" };
    expect(ensureBrowser(env, machine)).toBe(1);
    expect(commands).toEqual([]);
    expect(messages.join("\n")).toContain("Not installed automatically: INSTALL_BROWSER=false.");
    expect(messages.join("\n")).toContain(
      "  apt-get update && apt-get install -y chromium\nthen npm run screenshots again.",
    );
  });

  it("says what to do on a machine without apt-get", () => {
    const { machine, commands, messages } = fakeMachine({ executables: new Set(), aptGet: false });
    expect(ensureBrowser(inNpmTest, machine)).toBe(1);
    expect(commands).toEqual([]);
    expect(messages.join("\n")).toContain("this machine has no apt-get (not Debian or Ubuntu)");
    expect(messages.join("\n")).toContain("set CHROMIUM_PATH to the browser");
  });

  it("reports a failed apt-get with its exit code and the command to retry", () => {
    const { machine, commands, messages } = fakeMachine({
      executables: new Set(),
      installs: { chromium: DEBIAN_CHROMIUM, status: 100 },
    });
    expect(ensureBrowser(inNpmTest, machine)).toBe(1);
    expect(commands).toEqual(["env DEBIAN_FRONTEND=noninteractive apt-get update"]);
    expect(messages.join("\n")).toContain('"apt-get update" failed (exit code 100)');
    expect(messages.join("\n")).toContain("  apt-get update && apt-get install -y chromium");
  });

  it("stops when the package installed yet /usr/bin/chromium is still missing (Ubuntu's snap)", () => {
    const { machine, messages } = fakeMachine({
      executables: new Set(),
      installs: { chromium: "/snap/bin/chromium", status: 0 },
    });
    expect(ensureBrowser(inNpmTest, machine)).toBe(1);
    expect(messages.join("\n")).toContain("yet Chromium (/usr/bin/chromium) is still missing");
    expect(messages.join("\n")).toContain("set CHROMIUM_PATH to it and run npm test again");
  });

  it("uses the Chromium CHROMIUM_PATH names, and never installs for a path apt-get cannot fill", () => {
    const present = fakeMachine({ executables: new Set(["/opt/chrome/chrome"]) });
    expect(ensureBrowser({ CHROMIUM_PATH: "/opt/chrome/chrome" }, present.machine)).toBe(0);

    const { machine, commands, messages } = fakeMachine();
    expect(ensureBrowser({ ...inNpmTest, CHROMIUM_PATH: "/nowhere/chromium" }, machine)).toBe(1);
    expect(commands).toEqual([]);
    expect(messages.join("\n")).toContain("tests need Chromium (/nowhere/chromium), which this machine lacks");
    expect(messages.join("\n")).toContain("Point CHROMIUM_PATH to a Chromium or Chrome that exists, or unset it");
  });

  it("run for real: exits 1 with the message when CHROMIUM_PATH names a missing file", () => {
    const script = fileURLToPath(new URL("./ensure-browser.mjs", import.meta.url));
    const result = spawnSync(process.execPath, [script], {
      encoding: "utf8",
      env: { ...process.env, CHROMIUM_PATH: "/nonexistent/chromium", INSTALL_BROWSER: "false" },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("The browser tests need Chromium (/nonexistent/chromium)");
    expect(result.stderr).toContain("Not installed automatically: INSTALL_BROWSER=false.");
  });
});
