import type { PGlite, Transaction } from "@electric-sql/pglite";
import type { DatabaseEngine } from "../db/open-database.ts";
import { PreparingClient } from "../db/prepared-statements.ts";

/** Counts the statements sent to a test database from here on; `stop()` puts the engine back as it was. */
export interface StatementCount {
  readonly sent: number;
  stop(): void;
}

/**
 * Every statement the server sends, counted where it leaves for the engine: each query of the PostgreSQL pool's
 * clients (BEGIN and COMMIT included), or each query and exec of PGlite (a transaction's BEGIN and COMMIT as two).
 * A round trip added anywhere in a request, inside Kysely or beside it, shows here.
 */
export function countStatements(engine: DatabaseEngine | undefined): StatementCount {
  if (!engine) throw new Error("the test database did not say its engine");
  let sent = 0;
  const counted = () => {
    sent++;
  };
  const stop = "pglite" in engine ? countOnPglite(engine.pglite, counted) : countOnPool(counted);
  return {
    get sent() {
      return sent;
    },
    stop,
  };
}

function countOnPool(counted: () => void): () => void {
  const proto = PreparingClient.prototype;
  const query = proto.query;
  proto.query = function (this: PreparingClient, ...args: unknown[]) {
    counted();
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  return () => {
    proto.query = query;
  };
}

function countOnPglite(pglite: PGlite, counted: () => void): () => void {
  const { query, exec, transaction } = pglite;
  const countedTx = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver);
        if ((name !== "query" && name !== "exec") || typeof value !== "function") return value;
        return (...args: unknown[]) => {
          counted();
          return value.apply(target, args);
        };
      },
    });
  pglite.query = ((...args: Parameters<PGlite["query"]>) => {
    counted();
    return query.apply(pglite, args);
  }) as PGlite["query"];
  pglite.exec = ((...args: Parameters<PGlite["exec"]>) => {
    counted();
    return exec.apply(pglite, args);
  }) as PGlite["exec"];
  pglite.transaction = (<T>(fn: (tx: Transaction) => Promise<T>) => {
    counted();
    return transaction.call(pglite, (tx: Transaction) => fn(countedTx(tx))).finally(counted) as Promise<T>;
  }) as PGlite["transaction"];
  return () => {
    // The instance's own properties go; its class's methods answer again.
    delete (pglite as Partial<PGlite>).query;
    delete (pglite as Partial<PGlite>).exec;
    delete (pglite as Partial<PGlite>).transaction;
  };
}
