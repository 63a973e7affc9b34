import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

/** One line per quarantined transfer, newest first: when, where, and the reason. */
export async function quarantinedLines(db: Kysely<DB>, limit = 50): Promise<string[]> {
  const rows = await db
    .selectFrom("chain_transfers")
    .select([
      "chain_id",
      "tx_hash",
      "log_index",
      "block_number",
      "to_address",
      "amount",
      "quarantine",
      "quarantined_at",
    ])
    .where("quarantine", "is not", null)
    .orderBy("quarantined_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(
    (r) =>
      `quarantined  chain ${r.chain_id} block ${r.block_number} tx ${r.tx_hash} log ${r.log_index} to ${r.to_address} ` +
      `(${r.amount} base units) at ${r.quarantined_at?.toISOString() ?? "?"}: ${r.quarantine}`,
  );
}
