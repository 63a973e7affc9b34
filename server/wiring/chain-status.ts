import type { Kysely } from "kysely";
import type { DB } from "../db/schema.ts";
import { quarantinedLines } from "../domain/payments/quarantined-transfers.ts";
import { owedLine } from "../domain/withdrawals/treasury-owed.ts";

/** A chain's treasury as `npm run chain -- status` read it on chain: what its `owes` line is weighed against. */
export interface TreasuryHeld {
  chainId: number;
  token: string;
  /** A decimal string of the token. */
  held: string;
  symbol: string;
}

/** The lines of `npm run chain -- status` that come from the database. */
export interface ChainStatusLines {
  /** What the treasury owes against what it holds; null when no treasury was asked about. */
  owed: string | null;
  quarantined: string[];
}

export async function chainStatusLines(db: Kysely<DB>, treasury: TreasuryHeld | null): Promise<ChainStatusLines> {
  return {
    owed: treasury ? await owedLine(db, treasury) : null,
    quarantined: await quarantinedLines(db),
  };
}

/**
 * The treasury from a status request's query (`chainId`, `token`, `held`, `symbol`), null without one, or "bad" when
 * one is given but is not a chain id, an address, a decimal amount and a symbol.
 */
export function treasuryFromQuery(query: URLSearchParams): TreasuryHeld | null | "bad" {
  const [chainId, token, held, symbol] = ["chainId", "token", "held", "symbol"].map((name) => query.get(name));
  if (chainId === null && token === null && held === null && symbol === null) return null;
  if (
    !/^\d{1,12}$/.test(chainId ?? "") ||
    !/^0x[0-9a-fA-F]{40}$/.test(token ?? "") ||
    !/^\d{1,40}(\.\d{1,40})?$/.test(held ?? "") ||
    !/^[A-Za-z0-9.]{1,16}$/.test(symbol ?? "")
  )
    return "bad";
  return { chainId: Number(chainId), token: token!, held: held!, symbol: symbol! };
}

/** What the status socket answers (http/status-socket.ts): the lines, or null for a request it cannot read. */
export function chainStatusAnswer(db: Kysely<DB>) {
  return async (query: URLSearchParams): Promise<ChainStatusLines | null> => {
    const treasury = treasuryFromQuery(query);
    return treasury === "bad" ? null : chainStatusLines(db, treasury);
  };
}
