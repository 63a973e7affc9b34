import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import type { WatchedAddresses } from "./chain-adapter.ts";
import type { ReceivingAddresses } from "./hd-wallet.ts";

/**
 * Refuses to run on a database whose addresses came from another key: payments to them would reach a wallet the
 * operator no longer watches with this xpub. Checks the first and the last allocated index.
 */
export async function checkAddressBook(db: Kysely<DB>, addresses: ReceivingAddresses): Promise<void> {
  const ends = await db
    .selectFrom("receiving_addresses")
    .select(["address_index", "address"])
    .where((eb) =>
      eb.or([
        eb(
          "address_index",
          "=",
          eb.selectFrom("receiving_addresses").select((s) => s.fn.min("address_index").as("i")),
        ),
        eb(
          "address_index",
          "=",
          eb.selectFrom("receiving_addresses").select((s) => s.fn.max("address_index").as("i")),
        ),
      ]),
    )
    .execute();
  for (const row of ends) {
    if (addresses.receivingAddress(row.address_index) !== row.address) {
      throw new Error(
        `receiving address ${row.address_index} in the database (${row.address}) was derived from another WALLET_XPUB than the one configured; configure the key the addresses came from`,
      );
    }
  }
}

export interface WatchedAddressBook {
  /** Every receiving address and every deposit address of the chain, lower-cased; reloaded only when rows were added. */
  load(): Promise<WatchedAddresses>;
}

export interface WatchedAddressBookOptions {
  /** The chain whose deposit addresses are watched too (deposit_addresses.chain_id); none without it. */
  chainId?: number;
  /** Hears the checksummed list after each reload (the devnet writes it down for the CLI). */
  onReload?: (addresses: string[]) => void;
}

/**
 * The watcher's addresses: receiving addresses (any EVM chain) and the chain's deposit addresses. One cheap query per
 * load tells whether either table changed (counts, and the newest deposit address, since an application's removal
 * takes its addresses with it); only then are the rows read again.
 */
export function watchedAddressBook(db: Kysely<DB>, options: WatchedAddressBookOptions = {}): WatchedAddressBook {
  const chainId = options.chainId ?? null;
  let cached: Set<string> = new Set();
  let version = "";
  return {
    async load() {
      const { rows: counts } = await sql<{ version: string }>`
          select concat_ws(':', (select count(*) from receiving_addresses),
            (select count(*) from deposit_addresses where chain_id = ${chainId}),
            (select max(id) from deposit_addresses where chain_id = ${chainId})) as version`.execute(db);
      if (counts[0]!.version === version) return cached;
      const receiving = await db.selectFrom("receiving_addresses").select("address").orderBy("address_index").execute();
      const deposits =
        chainId === null
          ? []
          : await db
              .selectFrom("deposit_addresses")
              .select("address")
              .where("chain_id", "=", chainId)
              .orderBy("id")
              .execute();
      const list = [...receiving, ...deposits].map((r) => r.address);
      cached = new Set(list.map((a) => a.toLowerCase()));
      version = counts[0]!.version;
      options.onReload?.(list);
      return cached;
    },
  };
}
