import { type Kysely, sql } from "kysely";

/**
 * Part of migration 0012_double_entry_ledger (frozen with it: never edit, the ledger's code lives in
 * server/domain/payments/). Moves today's `balance_entries` and order payments onto the ledger, oldest line first, each
 * as the journal today's code would post for it now, with its date and cause; every posting goes through the ledger's
 * triggers, so a conversion that left a journal unbalanced, a balance negative or a transfer credited twice fails the
 * migration instead of landing. Each merchant ends with the balance their lines summed to (a negative one, which a
 * reorganisation's debit could leave, ends at 0 with the rest recorded as a reorganisation loss).
 */

// biome-ignore lint/suspicious/noExplicitAny: the schema as it is at this migration
type Db = Kysely<any>;

const scale = 10n ** 18n;
const atto = (text: string): bigint => {
  const [whole = "0", fraction = ""] = text.replace(/^-/, "").split(".");
  const value = BigInt(whole) * scale + BigInt(fraction.padEnd(18, "0").slice(0, 18) || "0");
  return text.startsWith("-") ? -value : value;
};
const text = (value: bigint): string => {
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? "-" : ""}${abs / scale}.${(abs % scale).toString().padStart(18, "0")}`;
};
const min = (...values: bigint[]) => values.reduce((a, b) => (a < b ? a : b));

interface Entry {
  id: string;
  merchant_id: string;
  kind: string;
  amount: string;
  order_id: string | null;
  transfer_id: string | null;
  epoch: number;
  created_at: Date;
}

interface Link {
  transfer_id: string;
  order_id: string;
  merchant_id: string;
  amount: string;
  counted: boolean;
  to_balance: boolean;
}

interface Transfer {
  id: string;
  chain_id: string;
  token: string;
  amount: string;
  status: string;
  at: Date;
}

interface Order {
  id: string;
  merchant_id: string;
  amount: string;
  status: string;
  paid_at: Date | null;
  created_at: Date;
}

export async function convertBalanceEntries(db: Db): Promise<void> {
  const entries = (await sql<Entry>`select * from balance_entries order by id`.execute(db)).rows;
  const links = (await sql<Link>`select * from order_transfers order by transfer_id`.execute(db)).rows;
  const transfers = new Map(
    (
      await sql<Transfer>`select id, chain_id, token, amount::text as amount, status, coalesce(removed_at, seen_at) as at from chain_transfers`.execute(
        db,
      )
    ).rows.map((t) => [t.id, t]),
  );
  const orders = new Map(
    (
      await sql<Order>`select id, merchant_id, amount::text as amount, status, paid_at, created_at from orders`.execute(
        db,
      )
    ).rows.map((o) => [o.id, o]),
  );
  const linkOf = new Map(links.map((l) => [l.transfer_id, l]));
  const decimalsOf = tokenDecimals(entries, links, transfers);

  const accounts = new Map<string, string>();
  const account = async (key: string, values: Record<string, string | number>): Promise<string> => {
    const known = accounts.get(key);
    if (known) return known;
    const columns = Object.keys(values);
    const row = (
      await sql<{ id: string }>`insert into ledger_accounts (${sql.join(columns.map((c) => sql.ref(c)))})
        values (${sql.join(columns.map((c) => values[c]))}) returning id`.execute(db)
    ).rows[0]!;
    accounts.set(key, row.id);
    return row.id;
  };
  const merchant = (id: string) => account(`m${id}`, { kind: "merchant", merchant_id: id });
  const orderAccount = (id: string) => account(`o${id}`, { kind: "order", order_id: id });
  const platform = (kind: "revenue" | "reorgLoss") => account(kind, { kind });
  const receipts = (transferId: string) => {
    const t = transfers.get(transferId)!;
    const key = `${t.chain_id}:${t.token.toLowerCase()}`;
    return account(`r${key}`, { kind: "receipts", chain_id: t.chain_id, token: t.token, decimals: decimalsOf(key) });
  };
  const balance = async (accountId: string) =>
    atto(
      (await sql<{ b: string }>`select balance::text as b from ledger_accounts where id = ${accountId}`.execute(db))
        .rows[0]!.b,
    );
  const credited = async (transferId: string) =>
    atto(
      (
        await sql<{
          c: string | null;
        }>`select credited::text as c from ledger_transfers where transfer_id = ${transferId}`.execute(db)
      ).rows[0]?.c ?? "0",
    );

  const post = async (
    kind: string,
    cause: { transferId?: string | null; orderId?: string | null; restores?: string; at: Date },
    lines: [string, bigint][],
  ) => {
    const kept = lines.filter(([, amount]) => amount !== 0n);
    if (kept.length === 0) return;
    const journal = (
      await sql<{ id: string }>`insert into ledger_journals (kind, transfer_id, order_id, restores, created_at)
        values (${kind}, ${cause.transferId ?? null}, ${cause.orderId ?? null}, ${cause.restores ?? null}, ${cause.at})
        returning id`.execute(db)
    ).rows[0]!;
    for (const [accountId, amount] of kept)
      await sql`insert into ledger_lines (journal_id, account_id, currency, amount)
        values (${journal.id}, ${accountId}, 'USDT', ${text(amount)})`.execute(db);
  };

  /**
   * What today's reorganisation debits took beyond the merchant's balance (today's balance went negative): the ledger
   * records it as a loss at once, and takes it back from the merchant's next credits as today's sum did (`recovery`).
   */
  const debts: { merchantId: string; transferId: string; orderId: string | null; amount: bigint }[] = [];
  const recover = async (merchantId: string, at: Date) => {
    for (const debt of debts) {
      if (debt.merchantId !== merchantId || debt.amount === 0n) continue;
      const take = min(debt.amount, await balance(await merchant(merchantId)));
      if (take === 0n) return;
      debt.amount -= take;
      await post("recovery", { transferId: debt.transferId, orderId: debt.orderId, at }, [
        [await merchant(merchantId), -take],
        [await platform("reorgLoss"), take],
      ]);
    }
  };
  const received = new Set<string>();
  const paid = new Set<string>();
  /** The order's counted transfers, each into the order's account once. */
  const receiveFor = async (orderId: string, at: Date) => {
    for (const link of links) {
      if (link.order_id !== orderId || !link.counted || link.to_balance || received.has(link.transfer_id)) continue;
      received.add(link.transfer_id);
      await post("orderReceipt", { transferId: link.transfer_id, orderId, at }, [
        [await receipts(link.transfer_id), -atto(link.amount)],
        [await orderAccount(orderId), atto(link.amount)],
      ]);
    }
  };
  const payOrder = async (orderId: string, excess: { transferId: string | null; amount: bigint }, at: Date) => {
    if (paid.has(orderId)) return;
    paid.add(orderId);
    const order = orders.get(orderId)!;
    await receiveFor(orderId, at);
    const held = await balance(await orderAccount(orderId));
    const toMerchant = min(excess.amount, held);
    await post("orderPaid", { transferId: excess.transferId, orderId, at }, [
      [await orderAccount(orderId), -held],
      [await platform("revenue"), held - toMerchant],
      [await merchant(order.merchant_id), toMerchant],
    ]);
  };
  /** A removal: what was credited goes back to the receipts, from the open order, the merchant, and the rest is a loss. */
  const reverse = async (transferId: string, merchantId: string, at: Date) => {
    const taken = await credited(transferId);
    if (taken <= 0n) return;
    const link = linkOf.get(transferId);
    const order = link ? orders.get(link.order_id) : undefined;
    const open = order && !paid.has(order.id) && (order.status === "pending" || order.status === "waiting");
    const fromOrder = open && link?.counted ? min(taken, await balance(await orderAccount(order.id))) : 0n;
    const share = atto(
      (
        await sql<{ s: string | null }>`select sum(l.amount)::text as s from ledger_lines l
          join ledger_journals j on j.id = l.journal_id join ledger_accounts a on a.id = l.account_id
          where j.transfer_id = ${transferId} and a.kind = 'merchant'`.execute(db)
      ).rows[0]?.s ?? "0",
    );
    const owed = min(taken - fromOrder, share < 0n ? 0n : share);
    const fromMerchant = min(owed, await balance(await merchant(merchantId)));
    if (owed > fromMerchant)
      debts.push({ merchantId, transferId, orderId: link?.order_id ?? null, amount: owed - fromMerchant });
    await post("reorg", { transferId, orderId: link?.order_id ?? null, at }, [
      [await receipts(transferId), taken],
      ...(fromOrder > 0n ? [[await orderAccount(order!.id), -fromOrder] as [string, bigint]] : []),
      [await merchant(merchantId), -fromMerchant],
      [await platform("reorgLoss"), -(taken - fromOrder - fromMerchant)],
    ]);
  };
  /** A return after a removal: the exact reverse of the removal; money it puts back in a closed order goes on to the balance. */
  const restore = async (transferId: string, at: Date): Promise<boolean> => {
    const last = (
      await sql<{ id: string; order_id: string | null }>`select id, order_id from ledger_journals j
        where transfer_id = ${transferId} and kind = 'reorg'
          and not exists (select 1 from ledger_journals r where r.restores = j.id)
        order by id desc limit 1`.execute(db)
    ).rows[0];
    if (!last) return false;
    const lines = (
      await sql<{ account_id: string; amount: string }>`select account_id, amount::text as amount from ledger_lines
        where journal_id = ${last.id}`.execute(db)
    ).rows;
    await post(
      "restore",
      { transferId, orderId: last.order_id, restores: last.id, at },
      lines.map((l) => [l.account_id, -atto(l.amount)]),
    );
    const order = last.order_id ? orders.get(last.order_id) : undefined;
    if (order && (order.status === "cancelled" || order.status === "failed")) {
      const held = await balance(await orderAccount(order.id));
      await post("orderClosed", { transferId, orderId: order.id, at }, [
        [await orderAccount(order.id), -held],
        [await merchant(order.merchant_id), held],
      ]);
    }
    return true;
  };

  for (const e of entries) {
    await convert(e);
    await recover(e.merchant_id, e.created_at);
  }
  async function convert(e: Entry): Promise<void> {
    const amount = atto(e.amount);
    const at = e.created_at;
    const t = e.transfer_id;
    if (e.kind === "reorg" && t) await reverse(t, e.merchant_id, at);
    else if (e.kind === "orderPayment" && e.order_id) {
      await post("orderPayment", { orderId: e.order_id, at }, [
        [await merchant(e.merchant_id), amount],
        [await orderAccount(e.order_id), -amount],
      ]);
      if (orders.get(e.order_id)?.status === "paid") await payOrder(e.order_id, { transferId: null, amount: 0n }, at);
    } else if (e.kind === "orderClosed" && !t && e.order_id)
      await post("refund", { orderId: e.order_id, at }, [
        [await orderAccount(e.order_id), -amount],
        [await merchant(e.merchant_id), amount],
      ]);
    else if (t && (await restore(t, at))) return;
    else if (e.kind === "excess" && e.order_id) await payOrder(e.order_id, { transferId: t, amount }, at);
    else if (e.kind === "orderClosed" && t && e.order_id && linkOf.get(t)?.counted && !linkOf.get(t)?.to_balance) {
      await receiveFor(e.order_id, at);
      await post("orderClosed", { transferId: t, orderId: e.order_id, at }, [
        [await orderAccount(e.order_id), -amount],
        [await merchant(e.merchant_id), amount],
      ]);
    } else if (t)
      await post(e.kind, { transferId: t, orderId: e.order_id, at }, [
        [await receipts(t), -amount],
        [await merchant(e.merchant_id), amount],
      ]);
  }
  // Orders paid with their transfers alone (no excess line) and open orders' counted transfers.
  for (const order of orders.values()) {
    if (order.status === "paid")
      await payOrder(order.id, { transferId: null, amount: 0n }, order.paid_at ?? order.created_at);
    else if (order.status === "pending" || order.status === "waiting") {
      for (const link of links)
        if (link.order_id === order.id && transfers.get(link.transfer_id)?.status !== "confirmed")
          received.add(link.transfer_id);
      await receiveFor(order.id, order.created_at);
    }
  }
  // Whatever is credited of a transfer that is not confirmed today was taken back by a reorganisation.
  for (const t of transfers.values()) {
    if (t.status === "confirmed") continue;
    const link = linkOf.get(t.id);
    const owner =
      link?.merchant_id ??
      entries.find((e) => e.transfer_id === t.id)?.merchant_id ??
      (link ? orders.get(link.order_id)?.merchant_id : undefined);
    if (owner) await reverse(t.id, owner, t.at);
  }
}

/** Each token's decimals, from what today's rows say a transfer was worth in USDT (6 when no row says). */
function tokenDecimals(entries: Entry[], links: Link[], transfers: Map<string, Transfer>) {
  const found = new Map<string, number>();
  const learn = (transferId: string | null, usdt: string) => {
    const t = transferId ? transfers.get(transferId) : undefined;
    const units = t ? BigInt(t.amount) : 0n;
    const value = atto(usdt);
    if (!t || units <= 0n || value <= 0n || value % units !== 0n) return;
    const key = `${t.chain_id}:${t.token.toLowerCase()}`;
    const ratio = (value / units).toString();
    if (!found.has(key) && /^10*$/.test(ratio)) found.set(key, 18 - (ratio.length - 1));
  };
  for (const link of links) learn(link.transfer_id, link.amount);
  for (const e of entries) if (["late", "unmatched"].includes(e.kind)) learn(e.transfer_id, e.amount);
  return (key: string) => found.get(key) ?? 6;
}
