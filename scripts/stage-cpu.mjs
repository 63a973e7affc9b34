// The CPU seconds of everything a stage of run-stages.mjs starts, browsers' renderers and database servers included.
// bash's `times` counts only the processes the stage waited for: a Chromium renderer is reaped by Chromium's zygote,
// which outlives its browser and is reaped by init, and a journey's CPU went missing that way (test:e2e showed 155
// CPU-seconds while its processes used about 460). Where the runner may make control groups (root, with cgroup v1's
// cpuacct or cgroup v2 mounted), each stage runs in a group of its own and the kernel counts its CPU, whatever becomes
// of its processes; elsewhere the table keeps bash's figure and says which it shows.
import { existsSync, mkdirSync, readFileSync, rmdirSync } from "node:fs";
import { join } from "node:path";

/** The environment variable naming the group a stage runs in: a run inside a stage makes its groups inside it. */
export const stageGroupVariable = "MERCHANT_CONSOLE_STAGE_CGROUP";

/** Where the kernel counts a group's CPU: cgroup v1's cpuacct, or v2's unified hierarchy. */
function hierarchy() {
  const inherited = process.env[stageGroupVariable];
  if (inherited && existsSync(inherited)) return { root: inherited, v1: existsSync(join(inherited, "cpuacct.usage")) };
  if (existsSync("/sys/fs/cgroup/cpuacct/cpuacct.usage")) return { root: "/sys/fs/cgroup/cpuacct", v1: true };
  if (existsSync("/sys/fs/cgroup/cgroup.controllers")) return { root: "/sys/fs/cgroup", v1: false };
  return null;
}

/** A group's CPU seconds so far, or null. */
function usedSeconds(dir, v1) {
  try {
    if (v1) return Number(readFileSync(join(dir, "cpuacct.usage"), "utf8")) / 1e9;
    const usec = /^usage_usec (\d+)$/m.exec(readFileSync(join(dir, "cpu.stat"), "utf8"))?.[1];
    return usec === undefined ? null : Number(usec) / 1e6;
  } catch {
    return null;
  }
}

/**
 * The run's accounting: `group(stage)` makes a stage's group (null when groups cannot be made here: bash's figure
 * then), its `enter` a shell command that moves the shell running it into the group, `seconds()` what the group used,
 * `remove()` takes it away once empty. `close()` removes the run's own group.
 */
export function openStageCpu() {
  const found = hierarchy();
  let runDir = null;
  if (found) {
    try {
      runDir = join(found.root, `merchant-console-stages-${process.pid}`);
      mkdirSync(runDir);
      if (usedSeconds(runDir, found.v1) === null) throw new Error("no CPU figure");
    } catch {
      if (runDir) tryRemove(runDir);
      runDir = null;
    }
  }
  let made = 0;
  return {
    /** "cgroup" when every process of a stage is counted, "times" when only those it waited for are. */
    kind: runDir ? "cgroup" : "times",
    group(stage) {
      if (!runDir || !found) return null;
      const dir = join(runDir, `${made++}-${stage.replace(/[^\w.-]/g, "_")}`);
      try {
        mkdirSync(dir);
      } catch {
        return null;
      }
      return {
        dir,
        enter: `echo $$ > '${join(dir, "cgroup.procs")}'`,
        seconds: () => usedSeconds(dir, found.v1),
        remove: () => tryRemove(dir),
      };
    },
    close() {
      if (runDir) tryRemove(runDir);
    },
  };
}

/** A group with a process still in it (a server a stage left running) stays; the kernel refuses to remove it. */
function tryRemove(dir) {
  try {
    rmdirSync(dir);
  } catch {
    // left for its processes
  }
}
