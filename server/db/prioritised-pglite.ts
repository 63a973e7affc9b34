import { AsyncLocalStorage } from "node:async_hooks";
import { setImmediate as yieldToIo } from "node:timers/promises";
import type { PGlite } from "@electric-sql/pglite";
import {
  type AbortableOperationOptions,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  PGliteAdapter,
  PGliteDialect,
  type QueryCompiler,
  type TransactionSettings,
} from "kysely";

/**
 * PGlite is one connection, and its queries run on the main thread: Kysely lends the connection to one
 * query or transaction at a time, in no particular order. A burst of cheap requests (bogus registrations)
 * then keeps a sign-in waiting behind all of them. Here the connection is lent through a line in which
 * the work of a sign-in (marked with `asSignIn`) goes first, and among sign-ins those of a browser holding a
 * genuine device cookie (a flood of sign-ins to unknown e-mails must not keep its owner waiting); everything
 * else keeps its order.
 */
type Rank = 0 | 1 | 2;
const ranks = { "trusted-device": 0, "sign-in": 1, other: 2 } as const;
const priority = new AsyncLocalStorage<Rank>();

/**
 * Runs `work` with its database calls ahead of other requests' on PGlite (no effect on a PostgreSQL pool); a
 * trusted device's ahead of other sign-ins'.
 */
export const asSignIn = <T>(work: () => Promise<T>, trustedDevice = false): Promise<T> =>
  priority.run(trustedDevice ? ranks["trusted-device"] : ranks["sign-in"], work);

export class ConnectionLine {
  #busy = false;
  readonly #waiting: { rank: Rank; enter: () => void }[] = [];

  /** Rank 0 goes first, then 1, then 2; the same rank keeps its order. */
  async enter(rank: Rank): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      return;
    }
    await new Promise<void>((enter) => {
      const at = this.#waiting.findIndex((w) => w.rank > rank);
      if (at < 0) this.#waiting.push({ rank, enter });
      else this.#waiting.splice(at, 0, { rank, enter });
    });
  }

  leave(): void {
    const next = this.#waiting.shift();
    if (next) next.enter();
    else this.#busy = false;
  }
}

class PrioritisedDriver implements Driver {
  readonly #inner: Driver;
  readonly #line = new ConnectionLine();

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init(options?: AbortableOperationOptions) {
    return this.#inner.init(options);
  }

  async acquireConnection(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    const rank = priority.getStore() ?? ranks.other;
    // PGlite answers through promises that settle at once: a chain of other requests' queries would run as
    // microtasks without end, and the socket holding a sign-in would not even be read. Let I/O in first.
    if (rank === ranks.other) await yieldToIo();
    await this.#line.enter(rank);
    try {
      return await this.#inner.acquireConnection(options);
    } catch (error) {
      this.#line.leave();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#inner.releaseConnection(connection);
    } finally {
      this.#line.leave();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.#inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection) {
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection) {
    return this.#inner.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    return this.#inner.savepoint?.(connection, name, compile) ?? Promise.resolve();
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    return this.#inner.rollbackToSavepoint?.(connection, name, compile) ?? Promise.resolve();
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]) {
    return this.#inner.releaseSavepoint?.(connection, name, compile) ?? Promise.resolve();
  }

  destroy(options?: AbortableOperationOptions) {
    return this.#inner.destroy(options);
  }
}

/** The line above replaces Kysely's own lock, so Kysely must not take it as well. */
class LinedAdapter extends PGliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

export class PrioritisedPGliteDialect extends PGliteDialect {
  constructor(pglite: PGlite) {
    super({ pglite });
  }

  override createDriver(): Driver {
    return new PrioritisedDriver(super.createDriver());
  }

  override createAdapter(): DialectAdapter {
    return new LinedAdapter();
  }
}
