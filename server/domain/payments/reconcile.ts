import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { fromAtto, toAtto } from "../../../contracts/money.ts";

/**
 * The ledger against the chain: per chain and token, what merchants were credited (what left that chain's
 * receipts account and, swept, its treasury account: migration 0027) against what their watched addresses (receiving addresses, and the deposit addresses of that
 * chain) received in confirmed transfers, quarantined ones left out.
 * `npm run chain -- reconcile` prints it; the chaos harness calls `reconcile` and `ledgerViolations` after every step.
 */
export interface ReconcileRow {
  chainId: string;
  token: string;
  /** The receipts account's decimals; null when nothing of this token was ever credited. */
  decimals: number | null;
  /** Confirmed transfers to merchants' addresses, not quarantined. */
  transfers: number;
  /** Their sum in token base units. */
  receivedUnits: string;
  /** The same in USDT (null without decimals). */
  received: string | null;
  /** What left the receipts and treasury accounts, in USDT, less what withdrawals paid from the treasury. */
  credited: string;
  /** credited − received in USDT, or null without decimals (then it differs whenever anything was received). */
  difference: string | null;
  quarantined: number;
  ok: boolean;
}

interface Received {
  chain_id: string;
  token: string;
  transfers: string;
  units: string | null;
  quarantined: string;
}

interface Credited {
  chain_id: string;
  token: string;
  decimals: number;
  balance: string;
}

/**
 * Both sums are read from one snapshot (a repeatable-read transaction): read one after the other while a watcher
 * works, a transfer confirmed and credited in between counted as credited but not received (the chaos harness, which
 * checks while the servers run, failed once so on a clean clone).
 */
export function reconcile(db: Kysely<DB>): Promise<ReconcileRow[]> {
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute((trx) => reconcileIn(trx));
}

async function reconcileIn(db: Kysely<DB>): Promise<ReconcileRow[]> {
  // Grouped by recipient first (few rows), then matched with merchants' addresses: one pass over the transfers. Each
  // transfer is valued as the ledger values it (rounded down past 18 decimals), so the sums compare exactly; the
  // token's decimals are its accounts' (a treasury funded by the float and nothing credited yet has them too).
  const received = await sql<Received & { value: string | null }>`
      with receipts as (select chain_id, lower(token) as token, min(decimals) as decimals from ledger_accounts
                        where kind in ('receipts', 'treasury', 'operatorFloat') group by 1, 2),
      per_recipient as (
        select t.chain_id, lower(t.token) as token, lower(t.to_address) as recipient,
          count(*) filter (where t.quarantine is null) as transfers,
          sum(t.amount) filter (where t.quarantine is null) as units,
          sum(trunc(t.amount / (10::numeric ^ r.decimals), 18)) filter (where t.quarantine is null) as value,
          count(*) filter (where t.quarantine is not null) as quarantined
        from chain_transfers t
        left join receipts r on r.chain_id = t.chain_id and r.token = lower(t.token)
        where t.status = 'confirmed'
        group by 1, 2, 3
      )
      select p.chain_id::text as chain_id, p.token, sum(p.transfers)::text as transfers, sum(p.units)::text as units,
        sum(p.value)::text as value, sum(p.quarantined)::text as quarantined
      from per_recipient p
      join (
        select lower(address) as recipient, null::bigint as chain_id from receiving_addresses where merchant_id is not null
        union all
        select lower(address), chain_id from deposit_addresses
      ) a on a.recipient = p.recipient and (a.chain_id is null or a.chain_id = p.chain_id)
      group by 1, 2`.execute(db);
  // What withdrawals paid out of the treasury left the books there, not the merchants' credit: added back. The
  // operator's float (treasury-float.ts) is in the treasury's account too but is no merchant's credit: its own account
  // is summed with it, so the two cancel (a fresh devnet read DIFFERS by the float).
  const credited = await sql<Credited>`
      select a.chain_id::text as chain_id, lower(a.token) as token, min(a.decimals) as decimals,
        (sum(a.balance) - coalesce(min(w.paid), 0))::text as balance
      from ledger_accounts a
      left join (select chain_id, lower(token) as token, sum(amount) as paid from withdrawals
                  where status = 'confirmed' group by 1, 2) w on w.chain_id = a.chain_id and w.token = lower(a.token)
      where a.kind in ('receipts', 'treasury', 'operatorFloat') group by 1, 2`.execute(db);
  const key = (chainId: string, token: string) => `${chainId}:${token}`;
  const keys = new Set([...received.rows, ...credited.rows].map((r) => key(r.chain_id, r.token)));
  return [...keys].sort().map((k) => {
    const [chainId = "", token = ""] = k.split(":");
    const got = received.rows.find((r) => key(r.chain_id, r.token) === k);
    const account = credited.rows.find((r) => key(r.chain_id, r.token) === k);
    const value = got?.value ?? "0";
    const creditedAtto = account ? -toAtto(account.balance) : 0n;
    const receivedAtto = account ? toAtto(value) : null;
    const units = got?.units ?? "0";
    const difference = receivedAtto === null ? null : creditedAtto - receivedAtto;
    return {
      chainId,
      token,
      decimals: account?.decimals ?? null,
      transfers: Number(got?.transfers ?? 0),
      receivedUnits: units,
      received: receivedAtto === null ? null : fromAtto(receivedAtto),
      credited: fromAtto(creditedAtto),
      difference: difference === null ? null : fromAtto(difference),
      quarantined: Number(got?.quarantined ?? 0),
      ok: difference === null ? BigInt(units) === 0n : difference === 0n,
    };
  });
}

export interface LedgerViolation {
  kind:
    | "unbalancedJournal"
    | "journalWithoutLines"
    | "negativeBalance"
    | "storedBalanceDiffers"
    | "overCreditedTransfer"
    | "creditedNotConfirmed"
    | "confirmedNotFullyCredited"
    | "closedOrderHoldsMoney"
    | "merchantDebtUnsettled"
    | "sweptShareDiffers"
    | "failedWithdrawalHoldsMoney"
    | "transactionRecordDiffers";
  detail: string;
}

/**
 * Every broken ledger invariant, as rows (empty when it holds): journals that do not balance or have fewer than two
 * lines, balances below zero or differing from their lines, transfers credited beyond their value or while not
 * confirmed, confirmed transfers credited in part, closed orders still holding money, a merchant owing (after a
 * removal) while holding money or owed back by their debt account, a deposit's swept share differing from what its
 * bill's sweep says (sweep-books.ts), a failed withdrawal still holding money, a line of a merchant's balance without
 * its transaction record (or a record without its line: migration 0033). The database refuses most of
 * these outright; this finds any that got past it (or a database migrated from one that did not).
 */
export async function ledgerViolations(db: Kysely<DB>): Promise<LedgerViolation[]> {
  const found: LedgerViolation[] = [];
  const add = async (kind: LedgerViolation["kind"], query: ReturnType<typeof sql<{ detail: string }>>) => {
    for (const row of (await query.execute(db)).rows) found.push({ kind, detail: row.detail });
  };
  await add(
    "unbalancedJournal",
    sql`select format('journal %s is off by %s %s', journal_id, sum(amount), currency) as detail
        from ledger_lines group by journal_id, currency having sum(amount) <> 0`,
  );
  await add(
    "journalWithoutLines",
    sql`select format('journal %s (%s) has %s line(s)', j.id, j.kind, count(l.id)) as detail
        from ledger_journals j left join ledger_lines l on l.journal_id = j.id group by j.id having count(l.id) < 2`,
  );
  await add(
    "negativeBalance",
    sql`select format('%s account %s is at %s', kind, id, balance) as detail from ledger_accounts
        where (kind in ('merchant', 'order', 'revenue', 'withdrawal', 'nativeHolder', 'gasExpense', 'operatorFloat')
            and balance < 0)
          or (kind in ('receipts', 'treasury', 'reorgLoss', 'gasFunding') and balance > 0)`,
  );
  await add(
    "storedBalanceDiffers",
    sql`select format('account %s stores %s, its lines sum to %s', a.id, a.balance, coalesce(s.total, 0)) as detail
        from ledger_accounts a left join (select account_id, sum(amount) as total from ledger_lines group by account_id) s
          on s.account_id = a.id
        where a.balance <> coalesce(s.total, 0)`,
  );
  await add(
    "overCreditedTransfer",
    sql`select format('transfer %s: credited %s of %s (its receipts lines say %s)', t.transfer_id, t.credited, t.amount,
          coalesce(-s.total, 0)) as detail
        from ledger_transfers t left join (
          select j.transfer_id, sum(l.amount) as total from ledger_lines l
          join ledger_journals j on j.id = l.journal_id join ledger_accounts a on a.id = l.account_id
          where a.kind = 'receipts' and j.kind <> 'sweep' group by j.transfer_id
        ) s on s.transfer_id = t.transfer_id
        where t.credited > t.amount or t.credited < 0 or t.credited <> coalesce(-s.total, 0)`,
  );
  await add(
    "creditedNotConfirmed",
    sql`select format('transfer %s is %s but %s of it is credited', t.transfer_id, c.status, t.credited) as detail
        from ledger_transfers t join chain_transfers c on c.id = t.transfer_id
        where c.status <> 'confirmed' and t.credited <> 0`,
  );
  await add(
    "confirmedNotFullyCredited",
    sql`select format('transfer %s is confirmed, %s of %s credited', t.transfer_id, t.credited, t.amount) as detail
        from ledger_transfers t join chain_transfers c on c.id = t.transfer_id
        where c.status = 'confirmed' and c.quarantine is null and t.credited <> t.amount`,
  );
  await add(
    "merchantDebtUnsettled",
    sql`select format('merchant %s owes %s and holds %s', d.merchant_id, -d.balance, coalesce(m.balance, 0)) as detail
        from ledger_accounts d left join ledger_accounts m on m.kind = 'merchant' and m.merchant_id = d.merchant_id
        where d.kind = 'merchantDebt' and (d.balance > 0 or (d.balance < 0 and coalesce(m.balance, 0) > 0))`,
  );
  await add(
    "sweptShareDiffers",
    sql`select format('transfer %s (bill %s): %s in the treasury, %s by its sweep %s (%s)', t.transfer_id, b.bill_no,
          coalesce(s.total, 0), case when c.status = 'confirmed' then t.credited else 0 end, coalesce(c.id::text, '-'),
          coalesce(c.status, 'none')) as detail
        from ledger_transfers t join application_bills b on b.transfer_id = t.transfer_id
        left join collections c on c.id = b.collection_id
        left join (
          select j.transfer_id, sum(l.amount) as total from ledger_lines l
          join ledger_journals j on j.id = l.journal_id join ledger_accounts a on a.id = l.account_id
          where j.kind = 'sweep' and a.kind = 'receipts' group by j.transfer_id
        ) s on s.transfer_id = t.transfer_id
        where coalesce(s.total, 0) <> case when c.status = 'confirmed' then t.credited else 0 end`,
  );
  await add(
    "failedWithdrawalHoldsMoney",
    sql`select format('withdrawal %s failed and still holds %s', w.id, a.balance) as detail
        from ledger_accounts a join withdrawals w on w.id = a.withdrawal_id
        where a.kind = 'withdrawal' and a.balance <> 0 and w.status = 'failed'`,
  );
  await add(
    "closedOrderHoldsMoney",
    sql`select format('order %s is %s and holds %s', o.order_code, o.status, a.balance) as detail
        from ledger_accounts a join orders o on o.id = a.order_id
        where a.kind = 'order' and a.balance <> 0 and o.status not in ('pending', 'waiting')`,
  );
  await add(
    "transactionRecordDiffers",
    sql`select format('line %s of merchant %s moves %s, its transaction record says %s', coalesce(l.id, r.line_id),
          coalesce(a.merchant_id, r.merchant_id), coalesce(l.amount::text, 'nothing'), coalesce(r.amount::text, 'nothing'))
          as detail
        from (select l.* from ledger_lines l join ledger_accounts a on a.id = l.account_id
              where a.kind = 'merchant' and l.amount <> 0) l
        join ledger_accounts a on a.id = l.account_id
        full join merchant_transactions r on r.line_id = l.id
        where l.id is null or r.id is null or r.amount <> l.amount or r.merchant_id <> a.merchant_id`,
  );
  return found;
}
