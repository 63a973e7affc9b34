import { sql } from "kysely";
import type { ChainNode } from "../../chain/chain-node.ts";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { OpenedDatabase } from "../../db/open-database.ts";
import { createTestDatabase } from "../../testing/test-database.ts";
import { collectChain, collectionLeaseMs } from "./collect.ts";
import { takeCollectionLease } from "./collection-lease.ts";
import type { GasPayer } from "./gas-payer.ts";

let database: OpenedDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const chainId = 31337;
const secondsLeft = async () => {
  const { rows } = await sql<{ left: number }>`
    select extract(epoch from expires_at - now())::float8 as left from collection_leases where chain_id = ${chainId}`.execute(
    database.db,
  );
  return rows[0]?.left ?? null;
};

// A server killed with SIGKILL in the middle of a run never releases the chain's lease, and the instance that starts
// in its place has another name: collection waits for the lease to run out. It ran out after two minutes, long enough
// for a restarted server to leave a withdrawal waiting for the treasury (the CI failure of the devnet process test).
it("a run holds the chain's collection lease at most 15 s ahead, so an instance killed mid-run stops collection no longer", async () => {
  let reached!: () => void;
  const running = new Promise<void>((resolve) => {
    reached = resolve;
  });
  // The node never answers: the run stays inside its lease, as a killed one does for ever.
  const stuck = {
    reader: {
      treasuryOf: () => {
        reached();
        return new Promise(() => {});
      },
    },
  } as unknown as ChainNode;
  void collectChain({
    db: database.db,
    chain: { chainId, confirmations: 3, tokens: [], depositFactory: "0x0000000000000000000000000000000000000001" },
    node: stuck,
    gasPayer: {} as GasPayer,
    threshold: "10",
    holder: "killed-instance",
  });
  await running;
  const left = await secondsLeft();
  expect(left).not.toBeNull();
  expect(left).toBeGreaterThan(0);
  expect(left).toBeLessThanOrEqual(15);
  expect(await takeCollectionLease(database.db, chainId, "restarted-instance", collectionLeaseMs)).toBe(false);
  await sql`update collection_leases set expires_at = now() - interval '1 millisecond'`.execute(database.db);
  expect(await takeCollectionLease(database.db, chainId, "restarted-instance", collectionLeaseMs)).toBe(true);
});
