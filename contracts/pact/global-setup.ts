import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { statelessInteractions, uncoveredEndpoints } from "./pact-coverage.ts";
import { pactDir, pactFileName } from "./pact-names.ts";

const pactFile = join(pactDir, pactFileName);

/** Pact merges into an existing file; start from nothing so deleted interactions disappear. */
export function setup() {
  rmSync(pactFile, { force: true });
}

/**
 * Every call of contracts/endpoints.ts, documented or proposed, must appear in the pact, and every
 * interaction must name a provider state.
 * A run of only some files also fails here, on purpose: it has just written a partial pact file
 * that must not be committed.
 */
export function teardown() {
  if (!existsSync(pactFile)) return;
  const pact = JSON.parse(readFileSync(pactFile, "utf8")) as { interactions: Parameters<typeof uncoveredEndpoints>[0] };
  const missing = uncoveredEndpoints(pact.interactions);
  if (missing.length) {
    throw new Error(
      `No interaction in the pact calls these endpoints of contracts/endpoints.ts: ${missing.join("; ")}. ` +
        "Add an interaction for each in contracts/pact/*.pact.test.ts (or, on a partial run, run the whole suite before committing contracts/pacts/).",
    );
  }
  const stateless = statelessInteractions(pact.interactions);
  if (stateless.length) throw new Error(`Give these interactions a provider state: ${stateless.join("; ")}`);
}
