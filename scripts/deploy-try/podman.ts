import { execFile, execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";

/**
 * `podman` as `npm run deploy:try` calls it. CONTAINERS_CONF, unless set, is scripts/deploy-try/containers.conf, which
 * this sandbox needs and a usual host does not (docs/operating.md, "Deploying it"): runc, because crun refuses its hybrid
 * cgroups ("crun: cgroups in hybrid mode not supported, drop all controllers from cgroupv2"), and limits at or below
 * the host's, because it lacks CAP_SYS_RESOURCE to raise them ("setrlimit `RLIMIT_NOFILE`: Operation not permitted").
 */
const confFile = join(import.meta.dirname, "containers.conf");
export const podmanEnv = {
  ...process.env,
  CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? (existsSync(confFile) ? confFile : ""),
};

export function podman(...args: string[]): string {
  return execFileSync("podman", args, { encoding: "utf8", env: podmanEnv, stdio: ["ignore", "pipe", "pipe"] }).trim();
}

/** Like `podman`, without throwing: whether it succeeded and its output. */
export function podmanTry(...args: string[]): { ok: boolean; output: string } {
  try {
    return { ok: true, output: podman(...args) };
  } catch (error) {
    const failed = error as { stderr?: string; message: string };
    return { ok: false, output: String(failed.stderr || failed.message).trim() };
  }
}

export async function podmanAsync(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)("podman", args, {
    env: podmanEnv,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout.trim();
}
