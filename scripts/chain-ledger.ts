// The database side of `npm run chain`: `reconcile` (the ledger against the chain) and the quarantined transfers that
// `status` lists. Both read the server's database: DATABASE_URL, or the PGlite folder DATA_DIR when no server holds it.
import type { Kysely } from "kysely";
import { DataDirInUseError, acquireDataDirLock } from "../server/db/data-dir-lock.ts";
import { openDatabase } from "../server/db/open-database.ts";
import type { DB } from "../server/db/schema.ts";
import { balanceSheets } from "../server/domain/payments/balance-sheet.ts";
import { ledgerViolations, type ReconcileRow, reconcile } from "../server/domain/payments/reconcile.ts";

export interface LedgerDatabase {
  db: Kysely<DB>;
  close(): Promise<void>;
}

/** Why the database cannot be opened here; `held` when a server runs on its PGlite folder (it may be asked instead). */
export interface LedgerUnavailable {
  reason: string;
  held: boolean;
}

/**
 * The server's database, or a sentence saying why not: PGlite is one process's, so while a server runs on DATA_DIR
 * only its folder lock answers (stop it, or run both on PostgreSQL with DATABASE_URL).
 */
export async function openLedgerDatabase(env: NodeJS.ProcessEnv): Promise<LedgerDatabase | string> {
  const opened = await openLedgerDatabaseOrSayWhy(env);
  return "reason" in opened ? opened.reason : opened;
}

export async function openLedgerDatabaseOrSayWhy(env: NodeJS.ProcessEnv): Promise<LedgerDatabase | LedgerUnavailable> {
  if (env.DATABASE_URL) return openDatabase({ databaseUrl: env.DATABASE_URL });
  const dataDir = env.DATA_DIR || "./data";
  if (dataDir === "memory")
    return { reason: "DATA_DIR=memory: the server's database lives in its own memory", held: false };
  let lock: ReturnType<typeof acquireDataDirLock>;
  try {
    lock = acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirInUseError)
      return {
        reason: `a server holds ${dataDir} (PGlite is one process's): stop it, or run both with DATABASE_URL`,
        held: true,
      };
    throw error;
  }
  try {
    const opened = await openDatabase({ dataDir });
    return {
      db: opened.db,
      close: async () => {
        try {
          await opened.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

const pad = (cells: string[][]) => {
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  return cells
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
};

/** The reconcile table: one row per chain and token. */
export function reconcileTable(rows: readonly ReconcileRow[]): string {
  if (rows.length === 0) return "nothing received or credited yet\n";
  return `${pad([
    ["chain", "token", "transfers", "received", "credited", "difference", "quarantined", ""],
    ...rows.map((r) => [
      r.chainId,
      r.token,
      String(r.transfers),
      r.received ?? `${r.receivedUnits} base units`,
      r.credited,
      r.difference ?? "not credited",
      String(r.quarantined),
      r.ok ? "ok" : "DIFFERS",
    ]),
  ])}\n`;
}

/**
 * `npm run chain -- reconcile`: prints the table and any broken ledger invariant; answers the exit status, 1 when a
 * chain and token differ or the ledger is broken, 0 when all is clean.
 */
export async function runReconcile(db: Kysely<DB>, write: (text: string) => void): Promise<number> {
  const rows = await reconcile(db);
  write(reconcileTable(rows));
  const sheets = await balanceSheets(db);
  for (const b of sheets)
    write(
      `sheet ${b.currency}: at addresses ${b.atAddresses} + in the treasury ${b.inTreasury} = available ${b.available}` +
        ` + held by withdrawals ${b.heldByWithdrawals} + in open orders ${b.inOpenOrders} − owed by merchants` +
        ` ${b.owedByMerchants} + revenue ${b.revenue} − reorganisation losses ${b.reorgLosses}` +
        (b.operatorFloat === "0" ? "" : ` + the operator's float ${b.operatorFloat}`) +
        (b.currency === "USDT" ? "" : ` (gas held ${b.gasHeld} = funded ${b.gasFunded} − spent ${b.gasSpent})`) +
        `? difference` +
        ` ${b.difference} ${b.ok ? "ok" : "DIFFERS"}\n`,
    );
  const violations = await ledgerViolations(db);
  for (const v of violations) write(`ledger   ${v.kind}: ${v.detail}\n`);
  const differing = rows.filter((r) => !r.ok).length;
  const unbalanced = sheets.filter((b) => !b.ok).length;
  const broken = differing + unbalanced + violations.length;
  write(
    broken
      ? `reconcile: ${differing} chain/token row(s) differ, ${unbalanced} sheet(s) do not balance, ${violations.length} ledger invariant(s) broken\n`
      : "reconcile: clean\n",
  );
  return broken ? 1 : 0;
}
