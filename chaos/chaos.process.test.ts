import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usdtText } from "../contracts/money.ts";
import { runScenario } from "./run.ts";
import { focusedScenarios } from "./focused-scenarios.ts";
import { generateScenario } from "./scenario.ts";
import { type ChaosWorld, startWorld } from "./world.ts";

/**
 * Issue 24's chaos harness inside `npm test`, bounded: one world (a real PostgreSQL, anvil, the RPC proxy, two
 * `server/main.ts` on one database), a fixed seed chosen because it kills the lease holder while payments are on their
 * way and pays amounts past numeric(38,18), then the focused scenario of finding 1. Invariants are checked after every step and once the chaos
 * stops (chaos/invariants.ts); a failure prints the seed and its steps. `npm run chaos -- --seeds N` runs more.
 */
const ciSeeds = [8];
/**
 * Finding 1 by a reorganisation; finding 2's huge amounts are in seed 8 (and deposits to a deposit address);
 * depositReorged, a credited deposit spent and then reversed; withdrawnThenReorged, a withdrawal's block taken by a
 * reorganisation while it counts its confirmations (replaced with the same nonce, paid once on chain: chaos/withdrawals.ts);
 * invoices, a paid invoice's transfer reorganised away and another invoice paid late (chaos/invoices.ts). laggingBackend (finding 1 without a
 * reorganisation) stays out of the bounded run: orders.process.test.ts's lagging-node test covers it in-process.
 */
const ciFocused = ["minedAgain", "depositReorged", "withdrawnThenReorged", "invoices"];

let world: ChaosWorld | undefined;

beforeAll(async () => {
  world = await startWorld(2);
}, 90_000);

afterAll(async () => {
  await world?.stop();
}, 60_000);

describe("money under chaos: credited once, never negative, the watcher catching up", { timeout: 90_000 }, () => {
  // First, on the fresh world: instance 0 holds the watcher's lease when the seed kills it.
  for (const seed of ciSeeds)
    it(`seed ${seed}`, async () => {
      const report = await runScenario(world!, `seed ${seed}`, generateScenario(seed));
      // The seed is kept for what it does: a kill -9 of the instance holding the watcher's lease (issue 8's takeover),
      // payments past numeric(38,18), a stale backend.
      expect(report.notes.join("\n")).toMatch(/killed the lease holder/);
    });

  for (const name of ciFocused)
    it(`scenario ${name}`, async () => {
      const steps = focusedScenarios[name]!;
      const report = await runScenario(world!, `scenario ${name}`, steps);
      expect(report.steps).toBe(steps.length);
      // The sender's run after the reorganisation (step 5) found the withdrawal on no block and replaced it.
      if (name === "withdrawnThenReorged") expect(report.notes.join("\n")).toMatch(/^5\. withdrawals: .*replaced 1/m);
      if (name === "invoices") {
        // Its merchants' applications are named after the scenario (world.ts).
        const invoices = await world!.db
          .selectFrom("invoices as i")
          .innerJoin("applications as a", "a.id", "i.application_id")
          .select(["a.name", "i.status", "i.flags", "i.amount_received"])
          .where("a.name", "like", "Chaos scenarioinvoices-%")
          .orderBy("i.id")
          .execute();
        expect(invoices.map((i) => [i.name.slice(-1), i.status, i.flags, usdtText(i.amount_received)])).toEqual([
          ["0", "paid", [], "0"],
          ["1", "expired", ["overpaid", "paidLate"], "30"],
        ]);
      }
      if (name === "depositReorged") {
        // Its merchants' applications are named after the scenario (world.ts): the first deposit reversed, the second credited.
        const bills = await world!.db
          .selectFrom("application_bills as b")
          .innerJoin("applications as a", "a.id", "b.application_id")
          .select(["a.name", "b.status"])
          .where("a.name", "like", "Chaos scenariodepositReorged-%")
          .orderBy("b.id")
          .execute();
        expect(bills.map((b) => [b.name.slice(-1), b.status])).toEqual([
          ["0", "reversed"],
          ["1", "credited"],
        ]);
        // The harness collects after every step (run.ts): the first deposit's sweep went with the reorganisation and
        // its reversed bill is not collected again; the second deposit was swept and recorded once confirmed.
        const sweeps = await world!.db
          .selectFrom("collections as c")
          .innerJoin("deposit_addresses as d", "d.id", "c.deposit_address_id")
          .innerJoin("applications as a", "a.id", "d.application_id")
          .select(["a.name", "c.status"])
          .where("a.name", "like", "Chaos scenariodepositReorged-%")
          .orderBy("c.id")
          .execute();
        expect(sweeps.map((c) => [c.name.slice(-1), c.status])).toEqual([
          ["0", "removed"],
          ["1", "confirmed"],
        ]);
      }
    });
});
