import { TransactionRejectedRpcError } from "viem";
import { describe, expect, it } from "vitest";
import { type DevClients, sendToken } from "./deploy.ts";

const token = `0x${"11".repeat(20)}` as const;
const from = `0x${"22".repeat(20)}` as const;
const to = `0x${"33".repeat(20)}` as const;
const hash = `0x${"ab".repeat(32)}` as const;

/** A node that answers the payments in `answers` order: an error thrown, or the hash; every payment mined in block 5. */
function node(answers: Array<Error | typeof hash>) {
  let calls = 0;
  const clients = {
    wallet: {
      writeContract: async () => {
        const answer = answers[calls++];
        if (answer instanceof Error) throw answer;
        return answer;
      },
    },
    public: { waitForTransactionReceipt: async () => ({ status: "success", blockNumber: 5n }) },
  } as unknown as DevClients;
  return { clients, calls: () => calls };
}

const rejected = () => new TransactionRejectedRpcError(new Error("nonce too low"));

describe("a payment from the dev account", () => {
  it("is sent again when the node rejects it (-32003: never taken, never paid), up to three times", async () => {
    const twice = node([rejected(), rejected(), hash]);
    expect(await sendToken(twice.clients, token, from, to, 1n)).toEqual({ hash, blockNumber: 5n });
    expect(twice.calls()).toBe(3);
    const always = node([rejected(), rejected(), rejected(), hash]);
    await expect(sendToken(always.clients, token, from, to, 1n)).rejects.toThrow(/Transaction creation failed/);
    expect(always.calls()).toBe(3);
  });

  it("is not sent again after any other failure", async () => {
    const down = node([new Error("connect ECONNREFUSED"), hash]);
    await expect(sendToken(down.clients, token, from, to, 1n)).rejects.toThrow(/ECONNREFUSED/);
    expect(down.calls()).toBe(1);
  });
});
