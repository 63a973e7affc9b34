import { execFileSync, spawn } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";

const repoRoot = join(import.meta.dirname, "../..");

/**
 * The built console for a process test that serves it to a browser: `dist` when `npm run build` made it after the last
 * change to every file git lists (tracked, or new and not ignored) — as under `npm test`, whose build stage runs before
 * the process tests —, else a `vite build` into `outDir` (about 5.5 CPU-seconds), so the test never serves a console
 * older than the code. Answers the folder and how it was had.
 */
export async function builtConsole(outDir: string): Promise<{ dir: string; how: string }> {
  const dist = join(repoRoot, "dist");
  const changed = changedSince(join(dist, "index.html"));
  if (changed === null) return { dir: dist, how: "dist, built after the last change" };
  await viteBuild(outDir);
  return { dir: outDir, how: `built (dist ${changed})` };
}

/** Null when `built` exists and no file git lists changed after it; else why not. */
function changedSince(built: string): string | null {
  if (!existsSync(built)) return "not built";
  const builtAt = statSync(built).mtimeMs;
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: repoRoot,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  for (const file of listed.split("\0")) {
    if (!file) continue;
    // A file listed but deleted since: what imported it changed too.
    const changedAt = statSync(join(repoRoot, file), { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (changedAt > builtAt) return `older than ${file}`;
  }
  return null;
}

function viteBuild(outDir: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const vite = spawn(
      process.execPath,
      ["node_modules/vite/bin/vite.js", "build", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"],
      { cwd: repoRoot, stdio: ["ignore", "pipe", "pipe"] },
    );
    let output = "";
    vite.stdout!.on("data", (chunk) => (output += chunk));
    vite.stderr!.on("data", (chunk) => (output += chunk));
    vite.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build failed (${code}):\n${output.slice(-4000)}`)),
    );
  });
}
