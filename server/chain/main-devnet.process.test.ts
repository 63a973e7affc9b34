import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { encodeFunctionData } from "viem";
import { alive, chainCli as cli, devnetRpc, mainStarter } from "../testing/devnet-main.ts";
import { migratedDataDir } from "../testing/migrated-data-folder.ts";
import { tempDirs } from "../testing/temp-dirs.ts";
import { erc20Abi } from "./token-abi.ts";

// An order paid on the devnet, then a deposit to an application's deposit address across a kill -9:
// main-devnet-deposit.process.test.ts (a file of its own, so that it runs beside this one).
const tempDir = tempDirs("mc-main-devnet-");
const startMain = mainStarter();
/** The devnet's dev account (anvil's account 0), which the CLI pays from. */
const devAccount = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

describe("node server/main.ts with the devnet", { timeout: 120_000 }, () => {
  it("starts anvil, deploys the token, prints the RPC URL and chain id, answers the CLI, and stops everything on SIGTERM", async () => {
    // A migrated database, no devnet yet: the devnet's first start (server/testing/migrated-data-folder.ts; the first
    // start on an empty folder is server/main.process.test.ts's "serves no dev outbox by default").
    const dataDir = await migratedDataDir(tempDir());
    const first = startMain(dataDir);
    const line = await first.devnetLine;
    expect(line).toMatch(/RPC http:\/\/127\.0\.0\.1:\d+, chain id 31337, USDT 0x[0-9a-fA-F]{40}, dev account 0x/);
    const facts = JSON.parse(readFileSync(join(dataDir, "devnet", "devnet.json"), "utf8"));
    expect(line).toContain(facts.rpcUrl);
    const anvilPid = Number(readFileSync(join(dataDir, "devnet", "anvil.pid"), "utf8"));

    const paid = await cli(dataDir, "pay", "--to", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "--amount", "12.5");
    expect(paid.stdout).toMatch(
      /^sent 12\.5 USDT from 0xf39F\w+ to 0x70997970C51812dc3A010C7d01b50e0d17dc79C8\ntx 0x[0-9a-f]{64} in block \d+\n$/,
    );
    const status = await cli(dataDir, "status");
    expect(status.stdout).toContain(`token    USDT ${facts.token.address} (6 decimals)`);
    // The dev account less the treasury's float (1,000,000 put in at first start) and the 12.5 paid above.
    expect(status.stdout).toContain("dev      0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266: 998999987.5 USDT");
    // The treasury (the devnet's account 1: its float, and the 12.5 paid above) against what it owes.
    expect(status.stdout).toMatch(/^treasury 0x70997970C51812dc3A010C7d01b50e0d17dc79C8: 1000012\.5 USDT$/m);
    // The database's lines, asked of the running server that holds its PGlite folder.
    expect(status.stdout).toMatch(
      /^owes {5}withdrawals on their way 0 USDT, merchants' balances 0 USDT \(withdrawable\): the treasury covers/m,
    );
    expect(status.stdout).toMatch(/^quarantined {2}none$/m);
    await expect(
      cli(dataDir, "pay", "--to", "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "--amount", "0.1234567"),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("has 7 decimals; this token has 6"),
    });

    first.child.kill("SIGTERM");
    expect(await first.exit).toBe(0);
    expect(alive(anvilPid)).toBe(false);

    // A normal restart keeps the chain: the same token, the payment still there (asked of the devnet here; the CLI's
    // status after a restart is asked below, after the kill -9).
    const second = startMain(dataDir);
    expect(await second.devnetLine).toContain(facts.token.address);
    const devBalance = await devnetRpc(dataDir, "eth_call", [
      {
        to: facts.token.address,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [devAccount] }),
      },
      "latest",
    ]);
    expect(BigInt(devBalance as string)).toBe(998_999_987_500_000n);
    // kill -9 of the server: anvil goes too (its guard sees the pipe close), having written its state.
    const secondAnvil = Number(readFileSync(join(dataDir, "devnet", "anvil.pid"), "utf8"));
    second.child.kill("SIGKILL");
    await second.exit;
    for (let i = 0; i < 100 && alive(secondAnvil); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alive(secondAnvil)).toBe(false);

    const third = startMain(dataDir);
    expect(await third.devnetLine).toContain(facts.token.address);
    expect((await cli(dataDir, "status")).stdout).toContain("998999987.5 USDT");
    third.child.kill("SIGTERM");
    expect(await third.exit).toBe(0);
  });
});
