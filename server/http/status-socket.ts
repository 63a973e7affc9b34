import { rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";

/** The socket in DATA_DIR where a server on PGlite answers `npm run chain -- status` (scripts/chain-status.ts). */
export const statusSocketName = "status.sock";
export const chainStatusPath = "/chain-status";

export interface StatusSocket {
  path: string;
  close(): Promise<void>;
}

/**
 * GET /chain-status on a Unix socket in the data folder, answered from the server's database: PGlite is one process's,
 * so while the server holds DATA_DIR a CLI cannot open it, but whoever may read the folder may ask here (the socket is
 * the folder's, mode 0700, as the database files are). Nothing is listened for on the network. `answer` gives null for
 * a request it cannot read (400).
 */
export async function listenOnStatusSocket(
  dataDir: string,
  answer: (query: URLSearchParams) => Promise<unknown>,
): Promise<StatusSocket> {
  const path = join(dataDir, statusSocketName);
  // The server holds the folder's lock: a socket left there is a killed server's.
  rmSync(path, { force: true });
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://status");
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname !== chainStatusPath || request.method !== "GET") return send(404, { error: "not found" });
    answer(url.searchParams).then(
      (body) => (body === null ? send(400, { error: "bad request" }) : send(200, body)),
      () => send(500, { error: "the database could not be read" }),
    );
  });
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(path, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The socket, or null when it cannot be made (a folder path too long for a socket's name): logged, the server runs on. */
export async function statusSocketOrNone(
  dataDir: string,
  answer: (query: URLSearchParams) => Promise<unknown>,
  log: { error(data: object, message: string): void },
): Promise<StatusSocket | null> {
  try {
    return await listenOnStatusSocket(dataDir, answer);
  } catch (error) {
    log.error({ err: error }, "npm run chain -- status cannot ask this server: no socket in the data folder");
    return null;
  }
}
