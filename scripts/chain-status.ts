// The database's part of `npm run chain -- status`: read from the database when the CLI may open it, else asked of
// the server that holds the PGlite folder, through the socket it listens on there (server/http/status-socket.ts).
import { request } from "node:http";
import { join } from "node:path";
import { chainStatusPath, statusSocketName } from "../server/http/status-socket.ts";
import { type ChainStatusLines, chainStatusLines, type TreasuryHeld } from "../server/wiring/chain-status.ts";
import { openLedgerDatabaseOrSayWhy } from "./chain-ledger.ts";

/** The lines, or a sentence saying why they cannot be had. */
export async function readChainStatus(
  env: NodeJS.ProcessEnv,
  treasury: TreasuryHeld | null,
): Promise<ChainStatusLines | string> {
  const opened = await openLedgerDatabaseOrSayWhy(env);
  if (!("reason" in opened)) {
    try {
      return await chainStatusLines(opened.db, treasury);
    } finally {
      await opened.close();
    }
  }
  if (!opened.held) return opened.reason;
  const socket = join(env.DATA_DIR || "./data", statusSocketName);
  return askServer(socket, treasury).catch(
    (error: Error) =>
      `a server holds ${env.DATA_DIR || "./data"} and does not answer on ${socket} (${error.message}): ` +
      "restart it with this version, or stop it, or run both with DATABASE_URL",
  );
}

function askServer(socketPath: string, treasury: TreasuryHeld | null): Promise<ChainStatusLines> {
  const query = treasury
    ? `?${new URLSearchParams({ ...treasury, chainId: String(treasury.chainId) }).toString()}`
    : "";
  return new Promise((resolve, reject) => {
    const asked = request(
      { socketPath, path: `${chainStatusPath}${query}`, timeout: 10_000, agent: false },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => {
          if (response.statusCode !== 200) return reject(new Error(`it answered ${response.statusCode}`));
          try {
            resolve(JSON.parse(body) as ChainStatusLines);
          } catch {
            reject(new Error("its answer is not JSON"));
          }
        });
      },
    );
    asked.on("timeout", () => asked.destroy(new Error("no answer within 10 s")));
    asked.on("error", (error: NodeJS.ErrnoException) => reject(new Error(error.code ?? error.message)));
    asked.end();
  });
}
