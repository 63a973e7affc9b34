import type { Address, Hex } from "viem";
import { formatAmount } from "../contracts/money.ts";
import { invariantViolations, receivedAllAccounted, watcherBehind } from "./invariants.ts";
import { collect, collectionReconciles, gasReconciles } from "./collection.ts";
import { newInvoice } from "./invoices.ts";
import { defaultScenario, describeStep, replayText, type Step } from "./scenario.ts";
import { type AskedWithdrawal, askWithdrawal, sendOnce, withdrawalsPaidOnce } from "./withdrawals.ts";
import {
  api,
  type ChaosWorld,
  chaosChainId,
  chaosConfirmations,
  chaosLeaseMs,
  type Merchant,
  newMerchant,
  type SentPayment,
} from "./world.ts";

const decimals = 6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A scenario that broke an invariant: its message is the replay (seed, every step, the step that failed) and what broke. */
export class ChaosFailure extends Error {}

export interface RunReport {
  label: string;
  steps: number;
  /** Step outcomes worth a line: refusals, clamped reorganisations. */
  notes: string[];
  ms: number;
}

/**
 * Runs `steps` against the world (merchants of their own), checking the invariants after every step; then stops the
 * chaos (the proxy passes, every server runs, blocks come) and checks that the watcher catches up within a bound, that
 * what is stored is what the chain holds, and that every merchant's money is accounted for.
 */
export async function runScenario(world: ChaosWorld, label: string, steps: readonly Step[]): Promise<RunReport> {
  const started = Date.now();
  const notes: string[] = [];
  const merchantCount = Math.max(1, ...steps.map((s) => ("merchant" in s ? s.merchant + 1 : 1)));
  const merchants: Merchant[] = [];
  for (let i = 0; i < merchantCount; i++) merchants.push(await newMerchant(world, `${label.replace(/\W+/g, "")}-${i}`));
  const packages = (await api(world, "/api/Package/List", {}, merchants[0]!.token)).resData as {
    id: string;
    code: string;
  }[];
  const basic = packages.find((p) => p.code === "basic")!.id;
  const sent: SentPayment[] = [];
  const asked: AskedWithdrawal[] = [];
  const invoices = new Map<number, Address>();
  const { priceUnits } = defaultScenario;
  const firstBlock = (await world.chain.head()) + 1n;
  let index = -1;

  const fail = async (what: string[]): Promise<never> => {
    const tails = world.servers.map(
      (s) => `── ${s.name} (pid ${s.pid}) ──\n${s.lines.slice(process.env.CHAOS_FULL_LOG ? 0 : -15).join("\n")}`,
    );
    throw new ChaosFailure(`${replayText(label, steps, index)}\n\nbroken:\n${what.join("\n")}\n\n${tails.join("\n")}`);
  };
  const check = async () => {
    const violations = await invariantViolations(world.db, { decimals });
    if (violations.length > 0) await fail(violations);
  };

  for (const [i, step] of steps.entries()) {
    index = i;
    if (process.env.CHAOS_FULL_LOG)
      process.stderr.write(`STEP ${i + 1} ${Date.now()} head ${await world.chain.head()} ${describeStep(step)}\n`);
    try {
      const note = await perform(world, step, { merchants, basic, sent, asked, firstBlock, invoices, priceUnits });
      if (note) notes.push(`${i + 1}. ${describeStep(step)}: ${note}`);
    } catch (error) {
      if (error instanceof ChaosFailure) throw error;
      await fail([`the step itself failed: ${error instanceof Error ? error.message : String(error)}`]);
    }
    await settle(world);
    await collect(world, notes, i + 1);
    const moved = await sendOnce(world);
    if (moved) notes.push(`${i + 1}. ${moved}`);
    await check();
  }

  // The chaos stops. Within a bound the watcher catches up and everything old enough is confirmed.
  index = steps.length;
  await world.proxy.set({ kind: "pass" });
  for (const server of world.servers) if (!server.up) await server.start();
  await world.chain.mine(chaosConfirmations + 1);
  const bound = Date.now() + chaosLeaseMs * 2 + 12_000;
  let behind: string[] = [];
  for (;;) {
    behind = await watcherBehind(world.db, chaosChainId, await world.chain.head(), chaosConfirmations);
    if (behind.length === 0 || Date.now() > bound) break;
    await sleep(200);
  }
  if (behind.length > 0) await fail(["the watcher did not catch up once the chaos stopped:", ...behind]);
  // Collection settles too: what it sent is recorded once confirmed, and the chain's sums meet the deposits.
  await collect(world, notes, steps.length + 1);
  await world.chain.mine(chaosConfirmations);
  await settle(world);
  await collect(world, notes, steps.length + 1);
  // What was sent is paid once confirmed (or sent again, after a reorganisation took it).
  for (let round = 0; round < 3; round++) {
    await sendOnce(world);
    await world.chain.mine(chaosConfirmations);
  }
  await sendOnce(world);
  await check();
  const quiet = [
    ...(await receivedAllAccounted(world.db, { decimals })),
    ...(await storedMatchesChain(world, sent)),
    ...(await collectionReconciles(world)),
    ...(await gasReconciles(world)),
    ...(await withdrawalsPaidOnce(world, asked)),
  ];
  if (quiet.length > 0) await fail(quiet);
  notes.push(`RPC proxy so far: ${JSON.stringify(world.proxy.counts)}`);
  return { label, steps: steps.length, notes, ms: Date.now() - started };
}

interface StepContext {
  merchants: Merchant[];
  /** Each merchant's newest invoice's address. */
  invoices: Map<number, Address>;
  /** The package price in the token's base units: an invoice's amount. */
  priceUnits: bigint;
  basic: string;
  sent: SentPayment[];
  asked: AskedWithdrawal[];
  firstBlock: bigint;
}

async function perform(world: ChaosWorld, step: Step, ctx: StepContext): Promise<string | undefined> {
  const { chain } = world;
  switch (step.kind) {
    case "order": {
      const answer = await api(
        world,
        "/api/Order/Create",
        { packageId: ctx.basic },
        ctx.merchants[step.merchant]!.token,
      );
      return answer.success ? undefined : `refused (${answer.errCode})`;
    }
    case "payFromBalance": {
      const merchant = ctx.merchants[step.merchant]!;
      const list = await api(world, "/api/Order/List", { pageSize: 5 }, merchant.token);
      const items = (list.resData as { items?: { orderCode: string; status: string }[] } | null)?.items ?? [];
      const code = items.find((o) => o.status === "pending" || o.status === "waiting")?.orderCode;
      if (!code) return "no open order";
      const answer = await api(world, "/api/Order/PayFromBalance", { orderCode: code }, merchant.token);
      return answer.success ? undefined : `refused (${answer.errCode})`;
    }
    case "withdraw":
      return askWithdrawal(world, ctx.merchants[step.merchant]!, BigInt(step.units), ctx.asked);
    case "invoice": {
      const chain = { chainId: chaosChainId, factory: world.depositFactory };
      const price = formatAmount(ctx.priceUnits, decimals);
      const address = await newInvoice(world.db, ctx.merchants[step.merchant]!, chain, {
        amount: price,
        late: step.late,
      });
      ctx.invoices.set(step.merchant, address);
      return undefined;
    }
    case "pay":
    case "deposit":
    case "payInvoice": {
      const merchant = ctx.merchants[step.merchant]!;
      const to =
        step.kind === "pay"
          ? merchant.address
          : step.kind === "deposit"
            ? merchant.depositAddress
            : ctx.invoices.get(step.merchant);
      if (!to) return "no invoice yet";
      const raw = await chain.signedPayment(world.payer, to, BigInt(step.units));
      const { hash } = await chain.sendRaw(raw);
      ctx.sent.push({ hash, raw, merchant: step.merchant, units: BigInt(step.units) });
      return undefined;
    }
    case "mine":
      await chain.mine(step.blocks);
      return undefined;
    case "reorg": {
      const head = await chain.head();
      // Never below this scenario's first block: what came before (the payer's funds) stays.
      const depth = Math.min(step.depth, Number(head - ctx.firstBlock + 1n));
      if (depth < 1) return "nothing to reorganise yet";
      const base = head - BigInt(depth) + 1n;
      const ours: { raw: Hex; offset: number }[] = [];
      for (let n = base; n <= head; n++) {
        const block = await chain.clients.public.getBlock({ blockNumber: n });
        for (const hash of block.transactions) {
          const payment = ctx.sent.find((p) => p.hash === hash);
          if (payment) ours.push({ raw: payment.raw, offset: Number(n - base) });
        }
      }
      // "In another block" with a single block to replace: dropped here, sent again into the block after.
      const resend = step.fate === "another" && depth === 1;
      const again =
        step.fate === "drop" || resend
          ? []
          : step.fate === "same"
            ? ours
            : ours.map((t) => ({ ...t, offset: Math.min(t.offset + 1, depth - 1) }));
      await chain.test.request({
        method: "anvil_reorg",
        params: [depth, again.map((t) => [t.raw, t.offset])],
      } as never);
      if (resend) for (const t of ours) await chain.sendRaw(t.raw);
      return depth < step.depth ? `clamped to ${depth}` : undefined;
    }
    case "proxy":
      await world.proxy.set(step.mode);
      return undefined;
    case "kill": {
      const server = world.servers[step.instance];
      if (!server?.up) return "not running";
      const lease = await world.db
        .selectFrom("chain_leases")
        .select("holder")
        .where("chain_id", "=", String(chaosChainId))
        .where("expires_at", ">", new Date())
        .executeTakeFirst();
      await sleep(step.afterMs);
      await server.kill9();
      // Holders are `${hostname}/${pid}/${random}` (watcher.ts): the other instance must take over once it lapses.
      return lease?.holder.split("/")[1] === String(server.pid) ? "killed the lease holder" : undefined;
    }
    case "restart": {
      const server = world.servers[step.instance];
      if (!server || server.up) return "already running";
      // A server refuses to start on an RPC that does not answer its token check.
      const refused = world.proxy.mode.kind === "error";
      if (refused) await world.proxy.set({ kind: "pass" });
      await server.start();
      return refused ? "the proxy passes again first: a server refuses to start without an answering RPC" : undefined;
    }
  }
}

/** Gives the watcher time to hear the step: until its cursor passes the head (bounds below). */
async function settle(world: ChaosWorld): Promise<void> {
  // With every server up and the RPC answering truly, nothing keeps the watcher back but the machine's load: it is
  // waited for (a focused scenario's next step needs what it credits). Under chaos, a short bound: it may never come.
  const healthy = world.proxy.mode.kind === "pass" && world.servers.every((server) => server.up);
  const until = Date.now() + (healthy ? 15_000 : 1_500);
  while (Date.now() < until) {
    const head = await world.chain.head();
    if ((await watcherBehind(world.db, chaosChainId, head, Number.MAX_SAFE_INTEGER)).length === 0) return;
    await sleep(150);
  }
}

/** Every payment the chain holds is stored, confirmed (or quarantined); every one it lost is removed or was never seen. */
async function storedMatchesChain(world: ChaosWorld, sent: readonly SentPayment[]): Promise<string[]> {
  const found: string[] = [];
  for (const payment of sent) {
    const receipt = await world.chain.clients.public.getTransactionReceipt({ hash: payment.hash }).catch(() => null);
    const rows = await world.db
      .selectFrom("chain_transfers")
      .select(["status", "block_hash", "block_number", "log_index", "quarantine"])
      .where("tx_hash", "=", payment.hash)
      .execute();
    // One Transfer log a payment: one row, however often it was removed and mined again (at another log index too).
    if (rows.length > 1)
      found.push(
        `payment ${payment.hash} is stored ${rows.length} times: ${rows.map((r) => `log ${r.log_index} ${r.status}`).join(", ")}`,
      );
    const row = rows.find((r) => r.status !== "removed") ?? rows[0];
    // A transaction mined again that reverted moved no token: as good as not on the chain.
    if (receipt && receipt.status === "success") {
      if (!row) found.push(`payment ${payment.hash} is on the chain but was never stored`);
      else if (row.status !== "confirmed" && !row.quarantine)
        found.push(
          `payment ${payment.hash} is on the chain (block ${receipt.blockNumber} ${receipt.blockHash}, canonical ${(await world.chain.clients.public.getBlock({ blockNumber: receipt.blockNumber })).hash}) but stored as ${row.status} (block ${row.block_number} ${row.block_hash})`,
        );
      else if (row.block_hash !== receipt.blockHash && !row.quarantine)
        found.push(
          `payment ${payment.hash} is stored in block ${row.block_hash}, the chain has it in ${receipt.blockHash}`,
        );
    } else if (row && row.status !== "removed")
      found.push(`payment ${payment.hash} is not on the chain but stored as ${row.status}`);
  }
  return found;
}
