// `npm run dev`: the reference API with --watch and Vite's dev server (hot reload) in front of it.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { writeRegistries } from "./registries.ts";

// A new area's files join the endpoint, handler, table and list-area registries before the server reads them.
writeRegistries(join(import.meta.dirname, ".."));

const apiPort = process.env.PORT ?? "8080";
// The API runs under the V8 flags this script was given (none from `npm run dev`; its test gives the tests' flags).
const children = [
  spawn(process.execPath, [...process.execArgv, "--watch", "server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, STATIC_DIR: "" },
  }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js", "--port", process.env.VITE_PORT ?? "5173"], {
    stdio: "inherit",
    env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` },
  }),
];

const stop = (code) => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
};
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
// npm runs this under `sh -c`, and a SIGTERM to npm ends that shell without passing it on: this script is then
// handed to another parent. Ctrl-C reaches the whole group; this covers a kill of npm alone (an editor, a CI step).
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop(0);
}, 500).unref();
