import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

/** Chromium present (installed by the project's own script when it may). */
export function setup() {
  execFileSync("bash", ["scripts/setup-chromium.sh"], { cwd: resolve(import.meta.dirname, "../.."), stdio: "inherit" });
}
