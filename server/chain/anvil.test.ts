import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type AnvilProcess, startAnvil } from "./anvil.ts";

/** A loopback listener that takes the port and answers nothing (every connection is dropped). */
function occupy(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy());
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

const portOf = (server: Server) => {
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("the listener has no port");
  return address.port;
};

const closeAll = (servers: Server[]) => Promise.all(servers.map((s) => new Promise((done) => s.close(done))));

const chainIdOf = async (rpcUrl: string) => {
  const response = await fetch(rpcUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }) });
  return ((await response.json()) as { result: string }).result;
};

describe("starting anvil", () => {
  const started: AnvilProcess[] = [];
  const listeners: Server[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((a) => a.stop()));
    await closeAll(listeners.splice(0));
  });

  it("tries another port when the one picked for it was taken before anvil bound it", async () => {
    const taken = await occupy();
    const spare = await occupy();
    listeners.push(taken);
    const sparePort = portOf(spare);
    await closeAll([spare]);
    const picks = [portOf(taken), sparePort];
    let asked = 0;

    const anvil = await startAnvil({
      pickPort: async () => {
        asked += 1;
        const port = picks.shift();
        if (port === undefined) throw new Error("asked for a third port");
        return port;
      },
    });
    started.push(anvil);

    expect(asked).toBe(2);
    expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${sparePort}`);
    expect(await chainIdOf(anvil.rpcUrl)).toBe("0x7a69");
  });

  it("does not move off a port it was given", async () => {
    const taken = await occupy();
    listeners.push(taken);
    await expect(startAnvil({ port: portOf(taken) })).rejects.toThrow(/Address already in use/);
  });
});
