import { Counter, Gauge, type Registry } from "prom-client";
import type { ChainProbeResult } from "../chain/chain-probe.ts";
import type { BookFigures, scrapeFigures } from "./metric-figures.ts";

/** The gauges and counters of wiring/server-metrics.ts, by area: the chains, the callbacks, the books. */
export type Registers = Registry[];
export type Figures = () => Promise<Awaited<ReturnType<typeof scrapeFigures>> | null>;
export type Heads = () => Promise<readonly ChainProbeResult[] | null>;

/** Per chain: the nodes' head, the scanned height, the lag in blocks and seconds, the backends, the watcher's counts. */
export function chainMetrics(
  registers: Registers,
  chainOf: (chainId: number) => string,
  figures: Figures,
  heads: Heads,
) {
  const headOf = async (chain: string) => {
    const probed = (await heads())?.find((p) => p.product === chain);
    const answered = probed?.heads.filter((h): h is bigint => h !== null) ?? [];
    return answered.length > 0 ? answered.reduce((a, b) => (a > b ? a : b)) : null;
  };
  const perCursor = (name: string, help: string, value: (c: Cursor, head: bigint | null) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ["chain"],
      registers,
      async collect() {
        this.reset();
        for (const cursor of (await figures())?.cursors ?? []) {
          const chain = chainOf(cursor.chainId);
          // A chain no longer configured keeps its cursor row, but nothing watches it.
          if (chain === "other") continue;
          const figure = value(cursor, (await headOf(chain)) ?? cursor.head);
          if (figure !== null) this.set({ chain }, figure);
        }
      },
    });
  perCursor("mc_chain_head_block", "The chain's head: the highest its RPC backends answer now", (_c, head) =>
    head === null ? null : Number(head),
  );
  perCursor("mc_chain_scanned_block", "The highest block the watcher has scanned", (c) => Number(c.scanned));
  perCursor("mc_chain_lag_blocks", "Blocks between the chain's head and the watcher's scanned height", (c, head) =>
    head === null ? null : Math.max(0, Number(head - c.scanned)),
  );
  perCursor(
    "mc_chain_scan_age_seconds",
    "The lag in seconds: how long ago the watcher last scanned new blocks (any instance)",
    (c) => c.ageSeconds,
  );
  new Gauge({
    name: "mc_chain_rpc_up",
    help: "1 when the chain's RPC backend (0 the first of its list, 1 the next …) answered its head within 2 s",
    labelNames: ["chain", "backend"],
    registers,
    async collect() {
      this.reset();
      for (const probed of (await heads()) ?? [])
        for (const [backend, head] of probed.heads.entries())
          this.set({ chain: probed.product, backend: String(backend) }, head === null ? 0 : 1);
    },
  });
  new Gauge({
    name: "mc_chain_transfers_quarantined",
    help: "Confirmed transfers set aside with a reason, per chain: they wait for an operator",
    labelNames: ["chain"],
    registers,
    async collect() {
      this.reset();
      for (const q of (await figures())?.quarantined ?? []) this.inc({ chain: chainOf(q.chainId) }, q.count);
    },
  });
  return {
    rpcErrors: new Counter({
      name: "mc_chain_rpc_errors_total",
      help: "Probes of the chain's heads an RPC backend failed or answered too late",
      labelNames: ["chain", "backend"],
      registers,
    }),
    watcherErrors: new Counter({
      name: "mc_chain_watcher_errors_total",
      help: "The watcher's failed steps (the node, the database), each retried",
      labelNames: ["chain"],
      registers,
    }),
    confirmed: new Counter({
      name: "mc_chain_transfers_confirmed_total",
      help: "Transfers this instance's watcher confirmed and handed to the books (credited unless quarantined)",
      labelNames: ["chain"],
      registers,
    }),
  };
}

type Cursor = NonNullable<Awaited<ReturnType<Figures>>>["cursors"][number];

export function callbackMetrics(registers: Registers, figures: Figures) {
  const queue = (name: string, help: string, value: (q: { pending: number; due: number; oldest: number }) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const f = await figures();
        if (f) this.set(value({ ...f.callbacks, oldest: f.callbacks.oldestDueSeconds }));
      },
    });
  queue("mc_callback_queue_depth", "Callback deliveries due now and not yet attempted", (q) => q.due);
  queue(
    "mc_callback_pending",
    "Callback deliveries not finished (due now or waiting for their next attempt)",
    (q) => q.pending,
  );
  queue(
    "mc_callback_oldest_due_seconds",
    "How long the longest-waiting due delivery has been due (0: none)",
    (q) => q.oldest,
  );
  const attempts = new Counter({
    name: "mc_callback_attempts_total",
    help: "Automatic callback attempts by result: delivered, retrying (failed, another attempt due), failed (gave up)",
    labelNames: ["result"],
    registers,
  });
  for (const result of ["delivered", "retrying", "failed"]) attempts.inc({ result }, 0);
  return { attempts };
}

export function bookMetrics(
  registers: Registers,
  books: () => BookFigures | null,
  chainOf: (chainId: number) => string,
  tokenOf: (chainId: number, token: string) => string,
) {
  const gauge = (name: string, help: string, labelNames: string[], fill: (g: Gauge, b: BookFigures) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      collect() {
        const read = books();
        if (!read) return;
        this.reset();
        fill(this, read);
      },
    });
  gauge(
    "mc_reconcile_difference_usdt",
    "What merchants were credited less what their addresses received, per chain and token (NaN: cannot be valued)",
    ["chain", "token"],
    (g, b) => {
      for (const r of b.reconcile)
        g.set({ chain: chainOf(r.chainId), token: tokenOf(r.chainId, r.token) }, r.difference ?? Number.NaN);
    },
  );
  gauge("mc_reconcile_ok", "1 when the chain and token reconcile to the base unit", ["chain", "token"], (g, b) => {
    for (const r of b.reconcile) g.set({ chain: chainOf(r.chainId), token: tokenOf(r.chainId, r.token) }, r.ok ? 1 : 0);
  });
  gauge("mc_books_treasury", "What the books say the treasuries hold, per currency", ["currency"], (g, b) => {
    for (const s of b.sheets) g.set({ currency: s.currency }, s.inTreasury);
  });
  gauge(
    "mc_books_owed_to_merchants",
    "What merchants are owed (available, held by withdrawals, in open orders, less their debts), per currency",
    ["currency"],
    (g, b) => {
      for (const s of b.sheets) g.set({ currency: s.currency }, s.owedToMerchants);
    },
  );
  gauge(
    "mc_balance_sheet_difference",
    "Assets less everything they cover, per currency (0 when the books balance)",
    ["currency"],
    (g, b) => {
      for (const s of b.sheets) g.set({ currency: s.currency }, s.difference);
    },
  );
  gauge("mc_withdrawals", "Withdrawals in each state", ["state"], (g, b) => {
    for (const w of b.withdrawals) g.set({ state: w.state }, w.count);
  });
}
