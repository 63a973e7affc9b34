import { type Kysely, sql } from "kysely";
import { migrations } from "../db/migrations.ts";
import type { DB } from "../db/schema.ts";

/** How one check ended: never the error's text, which could name a host, a role or a URL (the answer is public). */
export type CheckResult = "ok" | "failed" | "timeout";

export interface ReadinessReport {
  ready: boolean;
  /** A SIGTERM was received: not ready whatever the checks say (wiring/shutdown.ts). */
  draining: boolean;
  checks: Record<string, CheckResult>;
}

/** Resolves when its dependency answers; throws (or takes longer than the timeout) when it does not. */
export type ReadinessCheck = () => Promise<void>;

export interface Readiness {
  report(): Promise<ReadinessReport>;
  /** One more check, for a part started after the server was built (the job queue). */
  add(name: string, check: ReadinessCheck): void;
  drain(): void;
  readonly draining: boolean;
}

export interface ReadinessOptions {
  /** Each check's time to answer (2 s). */
  timeoutMs?: number;
  /**
   * How long a finished round answers every probe (1 s), and a round under way answers all probes that come meanwhile:
   * GET /readyz is public, so a flood of it costs the database and the nodes no more than one probe a second.
   */
  cacheMs?: number;
  now?: () => number;
}

/** GET /readyz's checks, run side by side, each bounded by the timeout. */
export function createReadiness(initial: Record<string, ReadinessCheck>, options: ReadinessOptions = {}): Readiness {
  const checks = new Map(Object.entries(initial));
  const timeoutMs = options.timeoutMs ?? 2_000;
  const cacheMs = options.cacheMs ?? 1_000;
  const now = options.now ?? Date.now;
  let draining = false;
  let running: Promise<Record<string, CheckResult>> | null = null;
  let last: { at: number; checks: Record<string, CheckResult> } | null = null;

  const round = async () => {
    const results = await Promise.all(
      [...checks].map(async ([name, check]) => [name, await within(check, timeoutMs)] as const),
    );
    return Object.fromEntries(results);
  };

  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
    add(name, check) {
      checks.set(name, check);
      last = null;
    },
    async report() {
      if (!last || now() - last.at >= cacheMs) {
        running ??= round().then((checks) => {
          running = null;
          last = { at: now(), checks };
          return checks;
        });
        await running;
      }
      const results = last?.checks ?? {};
      return { ready: !draining && Object.values(results).every((r) => r === "ok"), draining, checks: results };
    },
  };
}

async function within(check: ReadinessCheck, timeoutMs: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  try {
    return await Promise.race([
      Promise.resolve()
        .then(check)
        .then(
          () => "ok" as const,
          () => "failed" as const,
        ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The last migration this code knows of: the database is current when it has been applied (a newer one may follow). */
export const latestMigration = Object.keys(migrations).at(-1) ?? "";

/**
 * The database answers, and its migrations are current. With split roles (MIGRATION_DATABASE_URL) the server's role may
 * not read the migrations' records (db/roles.ts): the owner's run at start, without which the server does not start, is
 * then the proof, and only the database is asked.
 */
export function databaseChecks(
  db: Kysely<DB>,
  options: { splitRoles?: boolean; latest?: string } = {},
): Record<string, ReadinessCheck> {
  const latest = options.latest ?? latestMigration;
  return {
    database: async () => {
      await sql`select 1`.execute(db);
    },
    migrations: async () => {
      if (options.splitRoles) return;
      const { rows } = await sql`select 1 from kysely_migration where name = ${latest}`.execute(db);
      if (rows.length === 0) throw new Error(`migration ${latest} has not run`);
    },
  };
}

/** Each chain ready while one of its backends answers its head in time (chain/chain-probe.ts), asked once a round. */
export function chainChecks(
  products: readonly string[],
  probe: () => Promise<readonly { product: string; heads: readonly (bigint | null)[] }[]>,
): Record<string, ReadinessCheck> {
  return Object.fromEntries(
    products.map((product) => [
      `chain:${product}`,
      async () => {
        const found = (await probe()).find((p) => p.product === product);
        if (!found?.heads.some((head) => head !== null)) throw new Error(`no backend of ${product} answered`);
      },
    ]),
  );
}

/** One call answers every caller while it runs and for `ms` after it succeeds; a failure is asked again next time. */
export function sharedFor<T>(ms: number, call: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let last: { answer: Promise<T>; until: number } | null = null;
  return () => {
    if (last && now() < last.until) return last.answer;
    const entry = { answer: call(), until: Number.POSITIVE_INFINITY };
    entry.answer.then(
      () => {
        entry.until = now() + ms;
      },
      () => {
        entry.until = 0;
      },
    );
    last = entry;
    return entry.answer;
  };
}
