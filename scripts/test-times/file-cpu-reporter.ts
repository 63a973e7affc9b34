import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/** The group's CPU seconds so far (cgroup v1's cpuacct or v2's cpu.stat), as stage-cpu.mjs reads them. */
function groupSeconds(dir: string): number {
  try {
    return Number(readFileSync(join(dir, "cpuacct.usage"), "utf8")) / 1e9;
  } catch {
    const usec = /^usage_usec (\d+)$/m.exec(readFileSync(join(dir, "cpu.stat"), "utf8"))?.[1];
    return Number(usec ?? Number.NaN) / 1e6;
  }
}

/**
 * What each file of a one-worker run cost: the CPU seconds of the run's control group (FILE_CPU_GROUP) between the
 * end of the file before and its own, so a shared server's and a browser's work lands on the file that caused it. The
 * first file also carries the stage's globalSetup (its server, its database cluster): Vitest runs it after the run starts.
 */
export default class FileCpuReporter implements Reporter {
  private readonly dir = process.env.FILE_CPU_GROUP ?? "";
  private last = 0;
  private readonly rows: Array<{ file: string; cpuSeconds: number; passed: boolean }> = [];
  private setup = 0;

  onTestRunStart() {
    this.last = groupSeconds(this.dir);
    this.setup = this.last;
  }

  onTestModuleEnd(module: TestModule) {
    const now = groupSeconds(this.dir);
    const row = { file: relative(process.cwd(), module.moduleId), cpuSeconds: now - this.last, passed: module.ok() };
    this.rows.push(row);
    this.last = now;
    // A line as each file ends too: a run stopped halfway still says what its files cost.
    process.stdout.write(`file-cpu: ${row.cpuSeconds.toFixed(1)} CPU-s ${row.file}${row.passed ? "" : " (failed)"}\n`);
  }

  onTestRunEnd() {
    const width = Math.max(24, ...this.rows.map((r) => r.file.length));
    const line = (name: string, seconds: number, note = "") =>
      `${name.padEnd(width)}  ${seconds.toFixed(1).padStart(7)}${note}`;
    const lines = [
      `\n${"file (one worker)".padEnd(width)}  ${"CPU-s".padStart(7)}`,
      line("(start and set-up)", this.setup),
    ];
    for (const r of [...this.rows].sort((a, b) => b.cpuSeconds - a.cpuSeconds))
      lines.push(line(r.file, r.cpuSeconds, r.passed ? "" : "  (failed)"));
    lines.push(
      line(
        "files",
        this.rows.reduce((sum, r) => sum + r.cpuSeconds, 0),
      ),
    );
    process.stdout.write(`${lines.join("\n")}\n`);
  }
}
