import { Kysely, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migratedSnapshot } from "../testing/migrated-snapshot.ts";
import { leasePglite } from "../testing/pglite-pool.ts";
import { asSignIn, ConnectionLine, PrioritisedPGliteDialect } from "./prioritised-pglite.ts";

describe("the connection line", () => {
  it("lends the connection to one at a time, trusted devices' sign-ins first, then sign-ins, others in order", async () => {
    const line = new ConnectionLine();
    const order: string[] = [];
    await line.enter(2);
    const waiting = [
      line.enter(2).then(() => order.push("other-1")),
      line.enter(2).then(() => order.push("other-2")),
      line.enter(1).then(() => order.push("sign-in-1")),
      line.enter(1).then(() => order.push("sign-in-2")),
      line.enter(0).then(() => order.push("device")),
    ];
    for (let i = 0; i < 6; i++) {
      line.leave();
      await new Promise((r) => setTimeout(r, 0));
    }
    await Promise.all(waiting);
    expect(order).toEqual(["device", "sign-in-1", "sign-in-2", "other-1", "other-2"]);
  });
});

describe("PGlite behind the prioritised dialect", () => {
  it("keeps transactions apart and serves a sign-in before queued work", async () => {
    // A database of the worker's pool rather than an initdb of its own (about 4 CPU-seconds); its table a temporary
    // one, so that the database goes back to the pool as it was lent.
    const pglite = await leasePglite(async () => new Blob([await migratedSnapshot()]));
    const db = new Kysely<Record<string, never>>({ dialect: new PrioritisedPGliteDialect(pglite) });
    await sql`create temp table t (who text, at serial)`.execute(db);
    const log: string[] = [];
    let holding = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const slow = db.transaction().execute(async (trx) => {
      await sql`insert into t (who) values ('first')`.execute(trx);
      holding();
      await new Promise((r) => setTimeout(r, 30));
      log.push("first done");
    });
    // Once the first transaction holds the connection (not after a fixed wait, which a busy machine can outlast before
    // the first even asks for it), the others queue behind it, then the sign-in arrives.
    await held;
    const others = Array.from({ length: 5 }, (_, i) =>
      db.transaction().execute(async (trx) => {
        await sql`insert into t (who) values (${`other-${i}`})`.execute(trx);
        log.push(`other-${i}`);
      }),
    );
    const signIn = asSignIn(() =>
      db.transaction().execute(async (trx) => {
        await sql`insert into t (who) values ('sign-in')`.execute(trx);
        log.push("sign-in");
      }),
    );
    await Promise.all([slow, ...others, signIn]);
    expect(log.slice(0, 2)).toEqual(["first done", "sign-in"]);
    const rows = await sql<{ n: number }>`select count(*)::int as n from t`.execute(db);
    expect(rows.rows[0]?.n).toBe(7);
    await db.destroy();
  }, 60_000);
});
