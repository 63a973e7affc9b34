import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listenOnStatusSocket, statusSocketName } from "./status-socket.ts";
import { treasuryFromQuery } from "../wiring/chain-status.ts";

const folder = mkdtempSync(join(tmpdir(), "mc-status-socket-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function ask(socketPath: string, path: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const asked = request({ socketPath, path, agent: false }, (response) => {
      let text = "";
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    asked.on("error", reject);
    asked.end();
  });
}

describe("the status socket in the data folder", () => {
  it("takes the place of a killed server's socket, answers GET /chain-status only, and a request it cannot read with 400", async () => {
    writeFileSync(join(folder, statusSocketName), "left by a server killed with -9");
    const socket = await listenOnStatusSocket(folder, async (query) =>
      treasuryFromQuery(query) === "bad" ? null : { owed: null, quarantined: [query.get("x") ?? "none"] },
    );
    try {
      expect(await ask(socket.path, "/chain-status?x=y")).toEqual({
        status: 200,
        body: { owed: null, quarantined: ["y"] },
      });
      expect((await ask(socket.path, "/chain-status?chainId=1&token=0x12")).status).toBe(400);
      expect((await ask(socket.path, "/metrics")).status).toBe(404);
    } finally {
      await socket.close();
    }
  });

  it("reads a treasury from a query only when every part of it is well formed", () => {
    const token = `0x${"ab".repeat(20)}`;
    expect(treasuryFromQuery(new URLSearchParams())).toBeNull();
    expect(
      treasuryFromQuery(new URLSearchParams({ chainId: "31337", token, held: "1000012.5", symbol: "USDT" })),
    ).toEqual({ chainId: 31337, token, held: "1000012.5", symbol: "USDT" });
    const bad: Record<string, string>[] = [
      { chainId: "-1", token, held: "1", symbol: "USDT" },
      { chainId: "1", token: "0x12", held: "1", symbol: "USDT" },
      { chainId: "1", token, held: "1e9", symbol: "USDT" },
      { chainId: "1", token, held: "1", symbol: "<b>" },
      { chainId: "1", token },
    ];
    for (const query of bad) expect(treasuryFromQuery(new URLSearchParams(query)), JSON.stringify(query)).toBe("bad");
  });
});
