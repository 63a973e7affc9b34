import type { PGlite } from "@electric-sql/pglite";
import { randomInt } from "node:crypto";
import pg from "pg";

export interface ListenHandlers {
  /** The payload of one notification on the channel. */
  onPayload(payload: string): void;
  /**
   * The connection was lost and is back (PostgreSQL only): notifications raised in between are gone for good,
   * so whoever relies on them re-reads what they stand for.
   */
  onGap(): void;
  /** A lost connection or a failed reconnection attempt, already being retried: for the log. */
  onTrouble?(error: unknown): void;
}

/**
 * `LISTEN channel` on the server's database until the returned function is called. Resolves once the first
 * LISTEN is in place, so nothing committed after that is missed (short of a lost connection, then `onGap`).
 */
export type Listen = (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;

/** LISTEN takes an identifier, not a parameter: only plain lower-case names are accepted. */
function checkChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`not a plain channel name: ${JSON.stringify(channel)}`);
}

/**
 * PGlite is one session: its own LISTEN hears the NOTIFY of every transaction committed on it. PGlite's
 * `listen` waits for a transaction in progress (its transaction lock), so it never lands inside one.
 */
export function listenOverPglite(pglite: PGlite): Listen {
  return async (channel, handlers) => {
    checkChannel(channel);
    const unlisten = await pglite.listen(channel, (payload) => handlers.onPayload(payload));
    return async () => {
      if (!pglite.closed) await unlisten();
    };
  };
}

export interface PostgresListenOptions {
  connectionString: string;
  /** First wait before reconnecting (250 ms); doubles up to `maxRetryMs` (10 s) while attempts fail. */
  minRetryMs?: number;
  maxRetryMs?: number;
  /** A `select 1` on the listening connection this often (30 s), so a connection that died silently is noticed. */
  pingEveryMs?: number;
}

/**
 * On PostgreSQL a LISTEN belongs to a session, so it gets a dedicated connection of its own (not one of the
 * pool's, which are lent to one query at a time). When that connection drops, it is reopened with backoff and
 * `onGap` tells the listener that notifications may have been lost meanwhile.
 */
export function listenOverPostgres(options: PostgresListenOptions): Listen {
  const minRetryMs = options.minRetryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 10_000;
  const pingEveryMs = options.pingEveryMs ?? 30_000;
  return async (channel, handlers) => {
    checkChannel(channel);
    let client: pg.Client | null = null;
    let stopped = false;
    let retryMs = minRetryMs;
    let retryTimer: NodeJS.Timeout | undefined;
    let pingTimer: NodeJS.Timeout | undefined;

    const lost = (lostClient: pg.Client, error: unknown) => {
      if (lostClient !== client || stopped) return;
      client = null;
      clearInterval(pingTimer);
      lostClient.end().catch(() => {});
      handlers.onTrouble?.(error);
      retryLater();
    };

    const connect = async (): Promise<void> => {
      // Named, so an operator (and the two-instance test) can tell it apart in pg_stat_activity.
      const next = new pg.Client({
        connectionString: options.connectionString,
        keepAlive: true,
        query_timeout: 10_000,
        application_name: `listen ${channel}`,
      });
      // Until it is the current client, its errors and its end are those of a failed attempt (thrown below).
      next.on("error", (error) => lost(next, error));
      next.on("end", () => lost(next, new Error("the listening connection ended")));
      next.on("notification", (message) => {
        if (message.channel === channel && message.payload !== undefined && next === client)
          handlers.onPayload(message.payload);
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${channel}`);
      } catch (error) {
        next.end().catch(() => {});
        throw error;
      }
      if (stopped) {
        await next.end().catch(() => {});
        return;
      }
      client = next;
      pingTimer = setInterval(() => {
        next.query("select 1").catch((error: unknown) => lost(next, error));
      }, pingEveryMs);
      pingTimer.unref();
    };

    const retryLater = () => {
      // Jitter, so the instances behind a load balancer do not all come back at the same moment.
      const wait = retryMs * (0.5 + randomInt(1000) / 2000);
      retryMs = Math.min(retryMs * 2, maxRetryMs);
      retryTimer = setTimeout(async () => {
        if (stopped) return;
        try {
          await connect();
        } catch (error) {
          handlers.onTrouble?.(error);
          if (!stopped) retryLater();
          return;
        }
        if (stopped) return;
        retryMs = minRetryMs;
        handlers.onGap();
      }, wait);
      retryTimer.unref();
    };

    // The first connection must work: the database has just answered the migrations.
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      const last = client;
      client = null;
      // Ending the session ends its LISTEN.
      if (last) await last.end().catch(() => {});
    };
  };
}
