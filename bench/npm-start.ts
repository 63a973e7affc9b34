/**
 * What package.json's start script puts before server/main.ts (`npm run build && NAME=value node --flag
 * server/main.ts`): the environment and Node flags `npm start` gives the server, which bench/memory-bench.ts gives it
 * too. Nothing (an empty environment, no flags) when the script starts it otherwise.
 */
export function startCommandOf(startScript: string): { env: Record<string, string>; nodeArgs: string[] } {
  const command = /(?:^|&&\s*)((?:[A-Z_][A-Z0-9_]*=\S+\s+)*)node\s+((?:-\S+\s+)*)server\/main\.ts/.exec(startScript);
  const env = Object.fromEntries(
    [...(command?.[1] ?? "").matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)].map(([, name, value]) => [name, value]),
  );
  return { env, nodeArgs: (command?.[2] ?? "").split(/\s+/).filter(Boolean) };
}
