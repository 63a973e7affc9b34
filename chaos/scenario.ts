import { type Random, seededRandom } from "./random.ts";

/** What the RPC proxy in front of the node does until told otherwise (rpc-proxy.ts). */
export type ProxyMode =
  | { kind: "pass" }
  /**
   * Answers from a head `blocks` behind: no block above it; eth_getLogs past it refused with -32602, as geth, Nethermind,
   * Besu, Erigon and reth do today (execution-apis #875), or, with `clampLogs`, answered up to its head only, as older
   * geth, some providers and other clients did.
   */
  | { kind: "lag"; blocks: number; clampLogs?: boolean }
  /** Holds every request `ms` before passing it on. */
  | { kind: "stall"; ms: number }
  /** Refuses every request (HTTP 503 or a JSON-RPC error, in turn). */
  | { kind: "error" }
  /** Answers from the head it had when the mode began, with what it answered then (a stuck backend). */
  | { kind: "stale" }
  /** Two backends behind a load balancer, one `blocks` behind: requests go to each in turn. */
  | { kind: "alternate"; blocks: number; clampLogs?: boolean };

/** dust (under a thousandth of a USDT), exact (the price), short, excess, huge (past numeric(38,18)). */
export type AmountClass = "dust" | "exact" | "short" | "excess" | "huge";

/** What a reorganisation does with the transactions of the blocks it replaces. */
export type ReorgFate = "same" | "another" | "drop";

export type Step =
  /** The merchant creates an order for the basic package (refused while one is open: that is fine). */
  | { kind: "order"; merchant: number }
  /** A real token transfer to the merchant's address, `units` in the token's base units. */
  | { kind: "pay"; merchant: number; amount: AmountClass; units: string }
  /** The same to the deposit address of the merchant's application (an end user's deposit: an application bill). */
  | { kind: "deposit"; merchant: number; amount: AmountClass; units: string }
  | { kind: "mine"; blocks: number }
  /** anvil_reorg of `depth` blocks: its transactions mined again at the same height, in another block, or dropped. */
  | { kind: "reorg"; depth: number; fate: ReorgFate }
  | { kind: "proxy"; mode: ProxyMode }
  /** kill -9 of a server instance, `afterMs` into whatever it is doing. */
  | { kind: "kill"; instance: number; afterMs: number }
  | { kind: "restart"; instance: number }
  /** The merchant pays their open order from the balance (refused when it does not cover it: fine). */
  | { kind: "payFromBalance"; merchant: number }
  /** The merchant withdraws `units` to a fresh address (refused beyond the balance: fine); the harness sends it. */
  | { kind: "withdraw"; merchant: number; units: string }
  /** An invoice of the merchant's application for the price; `late`: its time already ran out (chaos/invoices.ts). */
  | { kind: "invoice"; merchant: number; late: boolean }
  /** A real token transfer to the address of the merchant's newest invoice. */
  | { kind: "payInvoice"; merchant: number; units: string };

export interface ScenarioOptions {
  steps: number;
  merchants: number;
  /** Server instances on the one database (kill and restart need two, so one is always up). */
  instances: number;
  /** The chain's confirmations: reorganisations go shallower and deeper than it. */
  confirmations: number;
  /** The price of the package an order buys, in base units (basic: 29 USDT of 6 decimals). */
  priceUnits: bigint;
}

export const defaultScenario: ScenarioOptions = {
  steps: 24,
  merchants: 2,
  instances: 2,
  confirmations: 2,
  priceUnits: 29_000_000n,
};

/** 10^27 base units of a 6-decimal token: 10^21 USDT, past what numeric(38,18) holds. */
export const hugeUnits = 10n ** 27n;

export function amountUnits(random: Random, kind: AmountClass, price: bigint): bigint {
  switch (kind) {
    case "dust":
      return random.big(1n, 999n);
    case "exact":
      return price;
    case "short":
      return random.big(price / 29n, price - 1n);
    case "excess":
      return random.big(price + 1n, price * 2n);
    case "huge":
      return hugeUnits + random.big(0n, 1_000_000n);
  }
}

/** The steps of seed `seed`: the same seed and options give the same steps, on every machine. */
export function generateScenario(seed: number, options: ScenarioOptions = defaultScenario): Step[] {
  const random = seededRandom(seed);
  // Whether a payment goes to a deposit address is drawn from a stream of its own, so a seed's other steps stay the
  // ones it had before deposits existed (seed 8 of the bounded run still kills the lease holder).
  const route = seededRandom(seed ^ 0x5eed_d0);
  // Withdrawals came later still: some of the balance payments become withdrawals, drawn from a stream of their own.
  const outward = seededRandom(seed ^ 0x0ff_ed);
  const steps: Step[] = [];
  const down = new Set<number>();
  let downFor = 0;
  let chaosFor = 0;
  let paid = 0;
  const merchant = () => random.int(0, options.merchants - 1);
  // A payment goes to the merchant who last ordered more often than not: orders get paid, and then reorganised.
  let ordered = 0;
  const payee = () => (random.chance(0.6) ? ordered : merchant());
  while (steps.length < options.steps) {
    if (down.size > 0 && ++downFor > 2) {
      const instance = [...down][0]!;
      down.delete(instance);
      steps.push({ kind: "restart", instance });
      continue;
    }
    if (chaosFor > 0 && --chaosFor === 0) {
      steps.push({ kind: "proxy", mode: { kind: "pass" } });
      continue;
    }
    const roll = random.int(0, 99);
    if (roll < 14) {
      ordered = merchant();
      steps.push({ kind: "order", merchant: ordered });
    } else if (roll < 44) {
      const amount = random.pick<AmountClass>(["dust", "exact", "exact", "short", "excess", "excess", "huge"]);
      steps.push({
        kind: route.chance(0.35) ? "deposit" : "pay",
        merchant: payee(),
        amount,
        units: amountUnits(random, amount, options.priceUnits).toString(),
      });
      paid++;
    } else if (roll < 56) steps.push({ kind: "mine", blocks: random.int(1, options.confirmations + 2) });
    else if (roll < 68 && paid > 0)
      steps.push({
        kind: "reorg",
        depth: random.int(1, options.confirmations + 3),
        fate: random.pick<ReorgFate>(["same", "another", "drop"]),
      });
    else if (roll < 82 && chaosFor === 0) {
      steps.push({ kind: "proxy", mode: proxyMode(random) });
      chaosFor = random.int(1, 3);
    } else if (roll < 92 && options.instances > 1 && down.size === 0) {
      const instance = random.int(0, options.instances - 1);
      down.add(instance);
      downFor = 0;
      steps.push({ kind: "kill", instance, afterMs: random.int(0, 400) });
    } else if (roll < 95) {
      const who = merchant();
      if (outward.chance(0.5))
        steps.push({ kind: "withdraw", merchant: who, units: outward.big(1_000_000n, 40_000_000n).toString() });
      else steps.push({ kind: "payFromBalance", merchant: who });
    } else if (outward.chance(0.4))
      steps.push({ kind: "withdraw", merchant: merchant(), units: outward.big(1_000_000n, 40_000_000n).toString() });
    else steps.push({ kind: "mine", blocks: 1 });
  }
  return steps;
}

function proxyMode(random: Random): ProxyMode {
  switch (random.pick(["lag", "stall", "error", "stale", "alternate"] as const)) {
    case "lag":
      return { kind: "lag", blocks: random.int(1, 6) };
    case "stall":
      return { kind: "stall", ms: random.int(200, 2_500) };
    case "error":
      return { kind: "error" };
    case "stale":
      return { kind: "stale" };
    case "alternate":
      return { kind: "alternate", blocks: random.int(1, 6) };
  }
}

/** One line per step, numbered, as the replay shows it. */
export function describeStep(step: Step): string {
  switch (step.kind) {
    case "order":
      return `merchant ${step.merchant} creates an order`;
    case "pay":
      return `pay merchant ${step.merchant} ${step.units} units (${step.amount})`;
    case "deposit":
      return `deposit ${step.units} units (${step.amount}) to merchant ${step.merchant}'s deposit address`;
    case "mine":
      return `mine ${step.blocks} block(s)`;
    case "reorg":
      return `reorganise ${step.depth} block(s), transactions ${step.fate === "same" ? "mined again at the same height" : step.fate === "another" ? "mined in another block" : "dropped"}`;
    case "proxy":
      return `RPC proxy: ${Object.entries(step.mode)
        .map(([k, v]) => (k === "kind" ? v : `${k} ${v}`))
        .join(" ")}`;
    case "kill":
      return `kill -9 instance ${step.instance} after ${step.afterMs} ms`;
    case "restart":
      return `restart instance ${step.instance}`;
    case "payFromBalance":
      return `merchant ${step.merchant} pays the open order from the balance`;
    case "withdraw":
      return `merchant ${step.merchant} withdraws ${step.units} units to a fresh address`;
    case "invoice":
      return `merchant ${step.merchant} makes an invoice${step.late ? " whose time has run out" : ""}`;
    case "payInvoice":
      return `pay ${step.units} units to merchant ${step.merchant}'s newest invoice`;
  }
}

/** What a failure prints: the seed (or scenario) and every step, to replay with `npm run chaos -- --seed S`. */
export function replayText(label: string, steps: readonly Step[], failedAt?: number): string {
  return [
    `chaos ${label}: replay with npm run chaos -- --${label.replace(/^(seed|scenario) /, "$1 ")}`,
    ...steps.map((s, i) => `${i === failedAt ? ">>" : "  "} ${String(i + 1).padStart(3)}. ${describeStep(s)}`),
  ].join("\n");
}
