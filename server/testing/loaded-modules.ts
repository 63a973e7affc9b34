import { join } from "node:path";

/**
 * Node flags that make a process the tests start report, as it exits, every file it loaded
 * (report-loaded-modules.ts); `loadedModules` reads the list back from its output. How a process test sees what a
 * server had loaded when it refused to start.
 */
export const reportLoadedModules: readonly string[] = [
  `--import=${join(import.meta.dirname, "report-loaded-modules.ts")}`,
];

/** The files the process reported (ours relative to the repository, a package's as `node_modules/<name>`). */
export function loadedModules(output: string): string[] {
  const line = /^loaded modules: (.*)$/m.exec(output)?.[1];
  if (line === undefined) throw new Error(`the process reported no loaded modules:\n${output.slice(-2000)}`);
  return JSON.parse(line) as string[];
}
