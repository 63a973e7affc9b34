import type { Kysely } from "kysely";
import { type Address, getAddress } from "viem";
import { transferData } from "../../chain/call-data.ts";
import type { CurrencyRegistry } from "../../chain/currency-registry.ts";
import type { Outgoing } from "../../chain/outgoing-port.ts";
import type { DB } from "../../db/schema.ts";
import { treasuryAccountOf } from "../payments/sweep-books.ts";
import { attoToUnits, toAtto } from "../../../contracts/money.ts";

/** What the withdrawal sender (withdrawal-sender.ts) and its settling (withdrawal-settle.ts) share. */

export interface WithdrawalChain {
  chainId: number;
  confirmations: number;
  tokens: readonly { address: Address; decimals: number }[];
}

export interface WithdrawalSenderDeps {
  db: Kysely<DB>;
  chain: WithdrawalChain;
  /** The configured chains' currencies: how withdrawals' events name their chain. */
  currencies: CurrencyRegistry;
  /** The treasury's outgoing transactions (server/chain/outgoing.ts): signed here, stored first, then sent. */
  outgoing: Outgoing;
  now?: () => Date;
  /** A transaction not mined this long after it was signed is replaced: same nonce, fees up by at least a tenth. */
  replaceAfterMs?: number;
}

export interface SenderReport {
  signed: number;
  broadcast: number;
  replaced: number;
  confirmed: number;
  failed: number;
}

/** Gas for an ERC-20 transfer, with room: USDT on Ethereum takes about 63,000 to a new holder. */
export const transferGas = 100_000n;

/** The ERC-20 transfer a withdrawal makes: its amount in the token's base units to its destination. */
export const transferCall = (withdrawal: { token: string; to_address: string; amount: string }, decimals: number) => ({
  to: getAddress(withdrawal.token),
  gas: transferGas,
  data: transferData(getAddress(withdrawal.to_address), attoToUnits(toAtto(withdrawal.amount), decimals)),
});

/** The treasury account of the chain and token: a withdrawal is signed only when sweeps made it (signAsked). */
export async function treasuryAccount(trx: Kysely<DB>, chainId: number, token: string): Promise<string> {
  const row = await treasuryAccountOf(trx, chainId, token);
  if (!row)
    throw new Error(`no treasury account for chain ${chainId} and token ${token}: nothing was ever swept there`);
  return row.id;
}
