import { execFile } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./ports.js";

const run = promisify(execFile);

/** The newest PostgreSQL server binaries on this machine (Debian keeps them out of PATH), or null. */
export function findPostgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = path.join(root, version, "bin");
    if (fs.existsSync(path.join(bin, "initdb")) && fs.existsSync(path.join(bin, "pg_ctl"))) return bin;
  }
  return null;
}

/**
 * A throwaway PostgreSQL cluster in a temporary folder, never the shared one. PostgreSQL refuses
 * to run as root, so under root its commands run as the `postgres` user, who owns the folder.
 */
export class PostgresCluster {
  private constructor(
    private readonly bin: string,
    readonly folder: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get dataDir(): string {
    return path.join(this.folder, "data");
  }

  static async create(bin: string): Promise<PostgresCluster> {
    const folder = await fsp.mkdtemp(path.join(os.tmpdir(), "xianzhi-pg-"));
    const cluster = new PostgresCluster(bin, folder, await freePort());
    if (process.getuid?.() === 0) {
      const { stdout } = await run("id", ["-u", "postgres"]);
      const { stdout: group } = await run("id", ["-g", "postgres"]);
      await fsp.chown(folder, Number(stdout), Number(group));
    }
    await cluster.asOwner("initdb", ["-D", cluster.dataDir, "-U", "postgres", "-A", "trust", "--no-sync"]);
    await cluster.start();
    return cluster;
  }

  private asOwner(command: string, args: string[]) {
    const file = path.join(this.bin, command);
    const [program, programArgs] =
      process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
    return run(program, programArgs, { timeout: 60_000 });
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
    const log = path.join(this.folder, "server.log");
    await this.asOwner("pg_ctl", ["-D", this.dataDir, "-o", options, "-l", log, "-w", "-t", "30", "start"]);
  }

  /** `-m fast`: the administrator's restart, every session ended with 57P01. */
  async stop(mode: "fast" | "immediate" = "fast"): Promise<void> {
    await this.asOwner("pg_ctl", ["-D", this.dataDir, "-m", mode, "-w", "-t", "30", "stop"]);
  }

  /** The postmaster and every process it started (backends, checkpointer, ...). */
  processes(): number[] {
    const postmaster = this.postmasterPid();
    if (postmaster === null) return [];
    const children = fs
      .readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => parentOf(pid) === postmaster)
      .map(Number);
    return [postmaster, ...children];
  }

  /** SIGSTOP freezes the database as a hung host would: connections open, nothing answers. */
  signalAll(name: "SIGSTOP" | "SIGCONT"): void {
    sendSignal(this.processes(), name);
  }

  /** The server processes of the connections open now, except the asking one. */
  async backendPids(): Promise<number[]> {
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        "SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
      );
      return rows.map((row) => row.pid);
    } finally {
      await client.end();
    }
  }

  private postmasterPid(): number | null {
    try {
      return Number(fs.readFileSync(path.join(this.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    } catch {
      return null;
    }
  }

  /** Stops whatever state the cluster is in (even frozen) and removes its folder. */
  async destroy(): Promise<void> {
    this.signalAll("SIGCONT");
    await this.stop("immediate").catch(() => sendSignal(this.processes(), "SIGKILL"));
    await fsp.rm(this.folder, { recursive: true, force: true });
  }
}

export function sendSignal(pids: number[], name: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // A backend that ended meanwhile needs no signal.
    }
  }
}

function parentOf(pid: string): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name in parentheses may hold spaces: the fields after it are fixed.
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  }
}
