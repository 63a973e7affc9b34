import { registerHooks } from "node:module";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";

// `node --import ./server/testing/report-loaded-modules.ts …` (reportLoadedModules in loaded-modules.ts): as the process
// exits, it writes every file it loaded on one stderr line, ours relative to the repository, a package's as
// `node_modules/<name>`.
const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const loaded = new Set<string>();

const shortName = (path: string) => {
  const inPackage = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(path);
  return inPackage ? `node_modules/${inPackage[1]!.replaceAll("\\", "/")}` : relative(repoRoot, path);
};

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    if (resolved.url.startsWith("file:")) loaded.add(shortName(fileURLToPath(resolved.url)));
    return resolved;
  },
});

process.on("exit", () => {
  process.stderr.write(`\nloaded modules: ${JSON.stringify([...loaded].sort())}\n`);
});
