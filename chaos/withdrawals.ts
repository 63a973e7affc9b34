import type { Address } from "viem";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { erc20Abi } from "../server/chain/token-abi.ts";
import { chainNode } from "../server/chain/chain-node.ts";
import { findSession } from "../server/domain/identity/sessions.ts";
import { fromAtto, unitsToAtto } from "../contracts/money.ts";
import { requestWithdrawal, type WithdrawalRules } from "../server/domain/withdrawals/withdrawal-holds.ts";
import { sendWithdrawals } from "../server/domain/withdrawals/withdrawal-sender.ts";
import { currencyRegistry } from "../server/chain/currency-registry.ts";
import { type ChaosWorld, chaosChainId, chaosConfirmations, type Merchant } from "./world.ts";

/**
 * Money out under chaos: a merchant asks a withdrawal as the open API would (held in the ledger or refused),
 * and after every step the harness runs the sender as one more instance with the treasury's key, straight to anvil
 * (the servers' RPC proxy is theirs to suffer): signed, broadcast, paid once confirmed, failed and given back, sent
 * again after a reorganisation took it. Each withdrawal goes to a fresh address, so what that address holds on chain
 * says how often it was paid.
 */

const decimals = 6;

/** A withdrawal the harness asked for, and where it goes. */
export interface AskedWithdrawal {
  id: string;
  to: Address;
  units: bigint;
}

const rules = (world: ChaosWorld): WithdrawalRules => ({
  tokens: [{ chainId: chaosChainId, address: world.chain.token, decimals, fee: unitsToAtto(1_000_000n, decimals) }],
  dailyLimit: unitsToAtto(10n ** 15n, decimals),
  forbidden: new Set([world.treasury.address.toLowerCase(), world.depositFactory.toLowerCase()]),
  addressCooldownSeconds: 0,
});

/** The merchant's withdrawal of `units`, asked under its session's scope; a refusal is an answer (a note). */
export async function askWithdrawal(
  world: ChaosWorld,
  merchant: Merchant,
  units: bigint,
  asked: AskedWithdrawal[],
): Promise<string | undefined> {
  const session = await findSession(world.db, `Bearer ${merchant.token}`, new Date(), {
    idleSeconds: 86_400,
    absoluteSeconds: 86_400,
  });
  if (!session) throw new Error(`${merchant.email} has no session`);
  const to = privateKeyToAddress(generatePrivateKey());
  const amount = fromAtto(unitsToAtto(units, decimals));
  const answer = await requestWithdrawal(
    world.db,
    session.scope,
    { chainId: chaosChainId, token: world.chain.token, to, amount },
    rules(world),
    new Date(),
  );
  if (!answer.ok) return `refused (${answer.refusal})`;
  asked.push({ id: answer.withdrawal.id, to, units });
  return undefined;
}

/** One run of the sender, as an instance with the treasury's key would run it; answers what moved, for the notes. */
export async function sendOnce(world: ChaosWorld): Promise<string | undefined> {
  // Each broadcast answers once mined, so the next step's reorganisation finds the withdrawal in the block it takes.
  const report = await sendWithdrawals({
    db: world.db,
    chain: {
      chainId: chaosChainId,
      confirmations: chaosConfirmations,
      tokens: [{ address: world.chain.token, decimals }],
    },
    currencies: currencyRegistry([
      {
        product: "Devnet",
        chainId: chaosChainId,
        rpcUrl: "",
        tokens: [{ symbol: "USDT", address: world.chain.token, decimals }],
        confirmations: chaosConfirmations,
        devnet: true,
      },
    ]),
    outgoing: chainNode(world.senders).outgoing({
      key: world.treasury,
      chain: { chainId: chaosChainId, confirmations: chaosConfirmations },
      subjectKind: "withdrawal",
    }),
    // Stuck ones are replaced at once: a dropped transaction's replacement shares its nonce, paid once either way.
    replaceAfterMs: 0,
  });
  const moved = Object.entries(report).filter(([, n]) => n > 0);
  return moved.length > 0 ? `withdrawals: ${moved.map(([k, n]) => `${k} ${n}`).join(", ")}` : undefined;
}

/**
 * Once the chaos stops: each withdrawal's destination holds on chain exactly what the books say was paid to it — its
 * amount once when confirmed, nothing otherwise (never twice, whatever reorganisations and replacements did).
 */
export async function withdrawalsPaidOnce(world: ChaosWorld, asked: readonly AskedWithdrawal[]): Promise<string[]> {
  const found: string[] = [];
  for (const withdrawal of asked) {
    const row = await world.db
      .selectFrom("withdrawals")
      .select(["status", "tx_hash"])
      .where("id", "=", withdrawal.id)
      .executeTakeFirstOrThrow();
    const held = await world.chain.clients.public.readContract({
      address: world.chain.token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [withdrawal.to],
    });
    const paid = row.status === "confirmed" ? withdrawal.units : 0n;
    if (held !== paid)
      found.push(
        `withdrawal ${withdrawal.id} (${row.status}, ${row.tx_hash ?? "no transaction"}): its destination holds ${held} base units on chain, ${paid} expected`,
      );
  }
  return found;
}
