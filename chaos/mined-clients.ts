import { custom, http, type EIP1193RequestFn } from "viem";
import { clientsOver, type DevClients } from "../server/chain/deploy.ts";

const sends = new Set(["eth_sendRawTransaction", "eth_sendTransaction"]);

/**
 * Clients to anvil whose sends answer once the transaction is mined. Anvil's automine answers a send before its block
 * exists (measured on a loaded 2-core machine: 22 of 200 sends had no receipt when the send answered), so a harness
 * step that sends and the next step's reorganisation of depth 1 could take the block before it instead of the one the
 * scenario means. A send whose receipt does not come within `waitMs` (a replaced or refused transaction) answers as
 * the node did.
 */
export function minedClients(rpcUrl: string, waitMs = 5_000, pollMs = 20): DevClients {
  const node = http(rpcUrl, { timeout: 20_000 })({});
  const request = (async (args) => {
    const answer = await node.request(args);
    if (!sends.has(args.method)) return answer;
    const until = Date.now() + waitMs;
    while (Date.now() < until) {
      const receipt = await node.request({ method: "eth_getTransactionReceipt", params: [answer] });
      if (receipt) break;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    return answer;
  }) as EIP1193RequestFn;
  return clientsOver(custom({ request }, { retryCount: 0 }));
}
