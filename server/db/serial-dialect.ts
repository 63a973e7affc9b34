import type {
  AbortableOperationOptions, DatabaseConnection, DatabaseIntrospector, Dialect, DialectAdapter, Driver, Kysely, QueryCompiler,
  TransactionSettings,
} from "kysely";

/**
 * PGlite is one connection, and Kysely's PGlite driver hands it to every caller at once: a query of
 * request B would run inside request A's open transaction. This wrapper lends the connection to one
 * caller at a time (a transaction holds it until commit or rollback), like a pool of size one.
 */
export class SerialDialect implements Dialect {
  #inner: Dialect;
  #waitMs: number;

  constructor(inner: Dialect, waitMs = 15_000) {
    this.#inner = inner;
    this.#waitMs = waitMs;
  }

  createDriver(): Driver {
    return new SerialDriver(this.#inner.createDriver(), this.#waitMs);
  }
  createQueryCompiler(): QueryCompiler {
    return this.#inner.createQueryCompiler();
  }
  createAdapter(): DialectAdapter {
    return this.#inner.createAdapter();
  }
  // biome-ignore lint/suspicious/noExplicitAny: the Dialect interface takes Kysely<any>
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.#inner.createIntrospector(db);
  }
}

class SerialDriver implements Driver {
  #inner: Driver;
  #waitMs: number;
  #tail: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;

  constructor(inner: Driver, waitMs: number) {
    this.#inner = inner;
    this.#waitMs = waitMs;
  }

  init(options?: AbortableOperationOptions): Promise<void> {
    return this.#inner.init(options);
  }

  async acquireConnection(options?: AbortableOperationOptions): Promise<DatabaseConnection> {
    const previous = this.#tail;
    let release = () => {};
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    let timer: NodeJS.Timeout | undefined;
    // A caller that already holds the connection and asks again would wait forever: fail instead.
    const acquired = await Promise.race([
      previous.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), this.#waitMs);
      }),
    ]);
    clearTimeout(timer);
    if (!acquired) {
      void previous.then(release);
      throw new Error(`database connection still busy after ${this.#waitMs} ms`);
    }
    try {
      const connection = await this.#inner.acquireConnection(options);
      this.#release = release;
      return connection;
    } catch (error) {
      release();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection, options?: AbortableOperationOptions): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    try {
      await this.#inner.releaseConnection(connection, options);
    } finally {
      release?.();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection);
  }
  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    if (!this.#inner.savepoint) throw new Error("savepoints are not supported");
    return this.#inner.savepoint(connection, name, compile);
  }
  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    if (!this.#inner.rollbackToSavepoint) throw new Error("savepoints are not supported");
    return this.#inner.rollbackToSavepoint(connection, name, compile);
  }
  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler["compileQuery"]): Promise<void> {
    if (!this.#inner.releaseSavepoint) throw new Error("savepoints are not supported");
    return this.#inner.releaseSavepoint(connection, name, compile);
  }
  destroy(options?: AbortableOperationOptions): Promise<void> {
    return this.#inner.destroy(options);
  }
}
