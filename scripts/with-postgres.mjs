// node scripts/with-postgres.mjs <command> [args…]
// Runs the command with TEST_DATABASE_URL pointing at a throw-away PostgreSQL cluster: initdb in a temporary
// folder, a server listening only on a unix socket in that folder, stopped and deleted afterwards — also when the
// command fails or this script gets SIGINT/SIGTERM/SIGHUP. As root, initdb and postgres run as the `postgres` user
// (PostgreSQL refuses to run as root). Plain JavaScript: it runs before anything is compiled.
// The cluster also has the two roles a deployment uses (docs/operating.md, "PostgreSQL roles"): mc_owner, which owns the schema
// and runs migrations, and mc_app, which may only read and write rows (server/db/least-privilege.test.ts proves it).
import { execFileSync, spawn } from "node:child_process";
import { accessSync, chownSync, constants, mkdtempSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write("usage: node scripts/with-postgres.mjs <command> [args…]\n");
  process.exit(2);
}

const repoRoot = resolve(import.meta.dirname, "..");
const bin = execFileSync("bash", [join(repoRoot, "scripts/setup-postgres.sh")], {
  encoding: "utf8",
  stdio: ["ignore", "pipe", "inherit"],
}).trim();
const root = mkdtempSync(join(memoryFolder() ?? tmpdir(), "mc-postgres-"));
const dataDir = join(root, "data");
const port = "5432";
const owner = process.getuid?.() === 0 ? postgresUser() : {};
if (owner.uid !== undefined) chownSync(root, owner.uid, owner.gid);

/**
 * The cluster's folder in memory (/dev/shm, a tmpfs on Linux) when there is one with room to spare: on a disk, the
 * kernel's writeback of a cluster that never syncs still cost more CPU-seconds than PostgreSQL itself
 * (test:server:postgres alone: 52–67 busy CPU-seconds, 23–39 of them the kernel's, against 37–39 and 9 in memory).
 * Elsewhere, or with less than 2 GiB free there, the system's temporary folder.
 */
function memoryFolder() {
  try {
    accessSync("/dev/shm", constants.W_OK);
    const { bavail, bsize } = statfsSync("/dev/shm");
    return bavail * bsize > 2 ** 31 ? "/dev/shm" : null;
  } catch {
    return null;
  }
}

/** @type {import("node:child_process").ChildProcess | undefined} */
let server;
/** @type {import("node:child_process").ChildProcess | undefined} */
let child;
let serverLog = "";
let cleaned = false;
let interruptedBy = "";

// Last resort when something throws or exits early: no server and no folder may outlive this script.
process.on("exit", () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
  if (!cleaned) rmSync(root, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => void interrupted(signal));
}

const started = Date.now();
try {
  await initdb();
  await startServer();
  await createRoles();
  process.stderr.write(
    `with-postgres: PostgreSQL ${versionOf()} ready in ${((Date.now() - started) / 1000).toFixed(1)} s (socket in ${root})\n`,
  );
} catch (error) {
  process.stderr.write(`with-postgres: ${error.message}\n${serverLog.slice(-4000)}`);
  await cleanUp();
  process.exit(1);
}

const url = `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(root)}`;
child = spawn(command, args, { stdio: "inherit", env: { ...process.env, TEST_DATABASE_URL: url } });
const code = await new Promise((done) => {
  child.once("error", (error) => {
    process.stderr.write(`with-postgres: cannot run ${command}: ${error.message}\n`);
    done(127);
  });
  child.once("exit", (exitCode, signal) => done(exitCode ?? 128 + signalNumber(signal)));
});
await cleanUp();
// On a signal, interrupted() decides the exit status.
if (!interruptedBy) process.exit(code);

function postgresUser() {
  try {
    const id = (flag) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    process.stderr.write(
      "with-postgres: running as root, but there is no `postgres` user to run PostgreSQL as (it refuses to run as root)\n",
    );
    process.exit(1);
  }
}

function versionOf() {
  return execFileSync(join(bin, "postgres"), ["--version"], { encoding: "utf8" })
    .trim()
    .replace(/^\S+ \(PostgreSQL\) /, "");
}

function run(file, argv) {
  return new Promise((done, fail) => {
    const proc = spawn(file, argv, { ...owner, cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    proc.stdout.on("data", (chunk) => (output += chunk));
    proc.stderr.on("data", (chunk) => (output += chunk));
    proc.once("error", fail);
    proc.once("exit", (exitCode) =>
      exitCode === 0 ? done(output) : fail(new Error(`${file} failed (${exitCode}):\n${output}`)),
    );
  });
}

async function initdb() {
  await run(join(bin, "initdb"), [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "--encoding=UTF8",
    "--locale=C",
    "--no-sync",
  ]);
}

async function startServer() {
  // Durability is pointless for a throw-away cluster; listen_addresses='' keeps TCP closed (socket only, in a 0700 folder).
  const settings = [
    "listen_addresses=",
    `unix_socket_directories=${root}`,
    "unix_socket_permissions=0700",
    "fsync=off",
    "synchronous_commit=off",
    "full_page_writes=off",
    "max_connections=200",
  ];
  server = spawn(join(bin, "postgres"), ["-D", dataDir, "-p", port, ...settings.flatMap((s) => ["-c", s])], {
    ...owner,
    cwd: root,
    // Its own process group: a terminal's Ctrl-C reaches the tests first, and this script stops the server after them.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk) => {
    serverLog = (serverLog + chunk).slice(-20_000);
  };
  server.stdout.on("data", keep);
  server.stderr.on("data", keep);
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`postgres exited (${server.exitCode ?? server.signalCode}) before accepting connections`);
    try {
      await run(join(bin, "pg_isready"), ["-q", "-h", root, "-p", port, "-U", "postgres", "-d", "postgres"]);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error("postgres did not accept connections within 30 s");
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function createRoles() {
  const roles = "create role mc_owner login createdb; create role mc_app login";
  await run(join(bin, "psql"), ["-h", root, "-p", port, "-U", "postgres", "-d", "postgres", "-qXc", roles]);
}

async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((done) => server.once("exit", done));
  // SIGINT is PostgreSQL's fast shutdown: roll back open transactions, close connections, exit.
  server.kill("SIGINT");
  const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

async function cleanUp() {
  await stopServer();
  rmSync(root, { recursive: true, force: true });
  cleaned = true;
}

async function interrupted(signal) {
  if (interruptedBy) return;
  interruptedBy = signal;
  process.stderr.write(`with-postgres: ${signal}: stopping the tests and the throw-away PostgreSQL\n`);
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((done) => child.once("exit", done));
    child.kill(signal);
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  }
  await cleanUp();
  process.exit(128 + signalNumber(signal));
}

function signalNumber(signal) {
  return { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal] ?? 1;
}
