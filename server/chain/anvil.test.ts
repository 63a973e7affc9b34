import { createServer as createHttpServer } from "node:http";
import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type AnvilProcess, listensOn, startAnvil } from "./anvil.ts";

/** A loopback listener that takes the port and answers nothing (every connection is dropped). */
function occupy(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((socket) => socket.destroy());
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

/** Another JSON-RPC node on a loopback port: it answers eth_chainId like anvil's devnet would (31337). */
function otherNode(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createHttpServer((request, response) => {
      request.resume();
      request.on("end", () => {
        response.setHeader("content-type", "application/json");
        response.end(JSON.stringify({ jsonrpc: "2.0", id: 1, result: "0x7a69" }));
      });
    });
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
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
  });
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

  it("does not take another node that answers on its port for itself", async () => {
    const other = await otherNode();
    listeners.push(other);
    // Which comes first is a race: the other node's answer (then anvil is found not listening there) or anvil giving up
    // on the taken port. Either way it refuses, and says the port is taken; it never returns the other node as its own.
    const port = portOf(other);
    await expect(startAnvil({ port })).rejects.toThrow(
      new RegExp(
        `^anvil (could not take 127\\.0\\.0\\.1:${port}: another process answers JSON-RPC there|exited \\(1\\) before its RPC answered: .*Address already in use)`,
        "s",
      ),
    );
  });

  it("takes any free port when the one it prefers is taken, whether by a listener or by another node", async () => {
    for (const taken of [await occupy(), await otherNode()]) {
      listeners.push(taken);
      const anvil = await startAnvil({ port: portOf(taken), anyPortIfTaken: true });
      started.push(anvil);
      expect(anvil.rpcUrl).not.toBe(`http://127.0.0.1:${portOf(taken)}`);
      expect(await chainIdOf(anvil.rpcUrl)).toBe("0x7a69");
      expect(listensOn(anvil.pid, Number(new URL(anvil.rpcUrl).port))).toBe(true);
    }
  });

  it("keeps the port it prefers when that one is free", async () => {
    const spare = await occupy();
    const port = portOf(spare);
    await closeAll([spare]);
    const anvil = await startAnvil({ port, anyPortIfTaken: true });
    started.push(anvil);
    expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${port}`);
  });
});

describe("who listens on a port (Linux /proc)", () => {
  it("is this process for its own listener, and not for another's port", async () => {
    const mine = await occupy();
    const spare = await occupy();
    const sparePort = portOf(spare);
    await closeAll([spare]);
    try {
      expect(listensOn(process.pid, portOf(mine))).toBe(true);
      expect(listensOn(process.pid, sparePort)).toBe(false);
      // A process that has ended listens nowhere.
      expect(listensOn(2 ** 22 + 1, portOf(mine))).toBe(false);
    } finally {
      await closeAll([mine]);
    }
  });
});
