import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { ChainLayer } from "../chain/chain-layer.ts";

/** STATIC_DIR as `node server/main.ts` reads it: the built console's folder, or undefined for the API only. */
export function resolveStaticDir(setting: string | undefined): string | undefined {
  if (setting === "") return undefined;
  const dir = resolve(setting ?? "dist");
  if (existsSync(join(dir, "index.html"))) return dir;
  if (setting) process.stderr.write(`STATIC_DIR ${dir} has no index.html: serving the API only\n`);
  return undefined;
}

/** What `node server/main.ts` says of its chains once it listens. */
export function describeChains(layer: ChainLayer): string {
  const lines = layer.chains.map((c) => {
    const tokens = c.tokens.map((t) => `${t.symbol} ${t.address}`).join(", ");
    return c.devnet && layer.devnet
      ? `Devnet (anvil): RPC ${c.rpcUrl}, chain id ${c.chainId}, ${tokens}, dev account ${layer.devnet.devAccount}, ${c.confirmations} confirmations — npm run chain -- status\n`
      : `Watching ${c.product} (chain id ${c.chainId}): ${tokens}, ${c.confirmations} confirmations\n`;
  });
  return lines.join("") || "No chain configured (CHAINS unset, DEVNET=false): no payments are watched\n";
}

/** pino's line format (level, time, msg), for what the watchers say before the server's logger exists. */
export function jsonLine(level: number, data: object, message: string): string {
  const fields = Object.fromEntries(
    Object.entries(data).map(([k, v]) => [k, v instanceof Error ? { message: v.message, stack: v.stack } : v]),
  );
  return `${JSON.stringify({ level, time: Date.now(), ...fields, msg: message })}\n`;
}
