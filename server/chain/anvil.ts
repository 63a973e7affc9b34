import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface AnvilOptions {
  /** Loopback port; 0 takes a free one (tests). */
  port?: number;
  /** `port` is only a preference: when another process has it, a free one is taken instead (npm start's 8545). */
  anyPortIfTaken?: boolean;
  chainId?: number;
  /** Seconds between blocks; without it anvil mines one block per transaction (tests). */
  blockTime?: number;
  /** The chain's state: loaded at start when present, written every stateInterval seconds and on a clean exit. */
  stateFile?: string;
  stateInterval?: number;
  /** Where the child's pid is kept, so a leftover anvil of a crashed server can be stopped at the next start. */
  pidFile?: string;
  /** anvil's own messages (errors only: it runs with --quiet); a temporary file when not given. */
  logFile?: string;
  /** Gives up when the RPC does not answer within this time. */
  startTimeoutMs?: number;
  /** Where a port is found when none is given (tests replace it). */
  pickPort?: () => Promise<number>;
}

/** How many ports are tried when anvil finds the one picked for it already taken. */
const portAttempts = 3;

class PortTakenError extends Error {}

export interface AnvilProcess {
  rpcUrl: string;
  pid: number;
  /** SIGTERM (anvil writes its state on the way out), SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** Ends anvil like a crash would: no state written. For tests. */
  kill(): Promise<void>;
}

/** ANVIL_BIN, else the binary inside the registry package @foundry-rs/anvil-linux-amd64, else `anvil` on the PATH. */
export function anvilBinary(env: NodeJS.ProcessEnv = process.env): string {
  if (env.ANVIL_BIN) return env.ANVIL_BIN;
  if (process.platform === "linux" && process.arch === "x64") {
    try {
      const manifest = createRequire(import.meta.url).resolve("@foundry-rs/anvil-linux-amd64/package.json");
      return join(manifest, "../bin/anvil");
    } catch {
      // not installed (optional dependency): fall through to the PATH
    }
  }
  return "anvil";
}

/**
 * anvil runs under a small sh guard that holds a pipe from this process: when this process ends in any way, even
 * kill -9, the pipe closes and the guard sends anvil SIGTERM, so anvil writes its state and never outlives the
 * server. anvil writes to a file, never to a pipe of ours: a closed pipe would kill it with SIGPIPE mid-write.
 */
const guard = [
  "exec 3<&0",
  '"$@" >"$ANVIL_LOG" 2>&1 </dev/null &',
  "child=$!",
  'echo "$child"',
  "trap 'kill -TERM $child 2>/dev/null' TERM INT",
  "( read -r _ <&3; kill -TERM $child 2>/dev/null ) >/dev/null 2>&1 &",
  "wait $child; status=$?",
  "while kill -0 $child 2>/dev/null; do wait $child; status=$?; done",
  "exit $status",
].join("\n");

export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilProcess> {
  const binary = anvilBinary();
  if (options.pidFile) await stopOrphan(options.pidFile, binary);
  const preferred = options.port ?? 0;
  if (preferred && !options.anyPortIfTaken) return launchAnvil(binary, preferred, options);
  // The preferred port is simply tried: anvil finds out whether it is free, so nothing can take it in between. A
  // port picked here and bound by anvil a moment later can meanwhile be taken too (another test's listener, or the
  // local port of some connection). Either way anvil cannot have it, and another port is tried.
  for (let attempt = 1; ; attempt++) {
    const port = attempt === 1 && preferred ? preferred : await (options.pickPort ?? freePort)();
    try {
      return await launchAnvil(binary, port, options);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= portAttempts + (preferred ? 1 : 0)) throw error;
    }
  }
}

async function launchAnvil(binary: string, port: number, options: AnvilOptions): Promise<AnvilProcess> {
  const logFile = options.logFile ?? join(tmpdir(), `anvil-${process.pid}-${randomBytes(4).toString("hex")}.log`);
  const args = [
    "--quiet",
    "--host",
    "127.0.0.1",
    "--port",
    String(port),
    "--chain-id",
    String(options.chainId ?? 31337),
  ];
  if (options.blockTime) args.push("--block-time", String(options.blockTime));
  if (options.stateFile)
    args.push("--state", options.stateFile, "--state-interval", String(options.stateInterval ?? 2));
  const child = spawn("/bin/sh", ["-c", guard, "anvil-guard", binary, ...args], {
    stdio: ["pipe", "pipe", "ignore"],
    env: { ...process.env, ANVIL_LOG: logFile },
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const rpcUrl = `http://127.0.0.1:${port}`;
  const forget = () => options.logFile || rmSync(logFile, { force: true });
  try {
    const pid = await firstLine(child);
    await Promise.race([
      waitForRpc(rpcUrl, options.startTimeoutMs ?? 20_000),
      exited.then((code) => Promise.reject(startFailure(code, logFile))),
    ]);
    // The answer may have come from another node already on the port (a devnet of another server), before this
    // anvil, still starting, found the port taken and gave up.
    if (listensOn(pid, port) === false)
      throw new PortTakenError(`anvil could not take 127.0.0.1:${port}: another process answers JSON-RPC there`);
    if (options.pidFile) writeFileSync(options.pidFile, `${pid}\n`, { mode: 0o600 });
    const end = async (signal: NodeJS.Signals) => {
      if (child.exitCode === null && child.signalCode === null) {
        if (signal === "SIGKILL") process.kill(pid, "SIGKILL");
        child.stdin!.end();
        const timer = setTimeout(() => process.kill(pid, "SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (options.pidFile) rmSync(options.pidFile, { force: true });
      forget();
    };
    return { rpcUrl, pid, stop: () => end("SIGTERM"), kill: () => end("SIGKILL") };
  } catch (error) {
    child.stdin!.end();
    child.kill("SIGTERM");
    await exited;
    forget();
    throw error;
  }
}

function startFailure(code: number | null, logFile: string): Error {
  const log = existsSync(logFile) ? readFileSync(logFile, "utf8").trim().slice(-2000) : "";
  const hint = code === 127 ? "; install the optional dependency @foundry-rs/anvil-linux-amd64 or set ANVIL_BIN" : "";
  const message = `anvil exited (${code}) before its RPC answered: ${log || "no output"}${hint}`;
  return /Address already in use/i.test(log) ? new PortTakenError(message) : new Error(message);
}

/** The guard's first line: anvil's pid. */
function firstLine(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout!.on("data", (chunk) => {
      text += chunk;
      const pid = Number(/^(\d+)\n/.exec(text)?.[1]);
      if (pid) resolve(pid);
    });
    child.once("error", (error) => reject(new Error(`cannot run anvil's guard shell: ${error.message}`)));
    child.once("exit", () => reject(new Error("anvil's guard shell ended before starting anvil")));
  });
}

/**
 * Whether process `pid` holds the listening socket of 127.0.0.1:`port`, from the kernel's socket table and the
 * process's open files; null where /proc cannot tell (not Linux).
 */
export function listensOn(pid: number, port: number): boolean | null {
  let table: string;
  try {
    table = readFileSync("/proc/net/tcp", "utf8");
  } catch {
    return null;
  }
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false; // the process has ended (anvil exits when its port is taken)
  }
  // Columns: sl, local address (hex, little-endian IPv4), remote address, state (0A: LISTEN), …, inode (10th).
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  const listening = new Set<string>();
  for (const line of table.split("\n").slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields[1] === local && fields[3] === "0A" && fields[9]) listening.add(`socket:[${fields[9]}]`);
  }
  return fds.some((fd) => {
    try {
      return listening.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
    } catch {
      return false; // closed meanwhile
    }
  });
}

/** A port the kernel just handed out and took back; anvil binds it a moment later. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function waitForRpc(rpcUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
      });
      if (response.ok && "result" in ((await response.json()) as object)) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`anvil's RPC at ${rpcUrl} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * An anvil left by a server that crashed still holds the port and the state file until its guard has stopped it.
 * It is ours only when its command line names our binary and this pid file's folder; SIGTERM lets it write its state.
 */
async function stopOrphan(pidFile: string, binary: string): Promise<void> {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  rmSync(pidFile, { force: true });
  if (!Number.isInteger(pid) || pid <= 1) return;
  let commandLine: string;
  try {
    commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
  } catch {
    return; // gone (or not Linux)
  }
  if (!commandLine.startsWith(binary) || !commandLine.includes(join(pidFile, ".."))) return;
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + 10_000;
  while (existsSync(`/proc/${pid}`) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  if (existsSync(`/proc/${pid}`)) process.kill(pid, "SIGKILL");
}
