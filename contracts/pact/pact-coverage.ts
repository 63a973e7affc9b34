import { type Endpoint, endpoints } from "../endpoints.ts";

interface PactInteraction {
  description: string;
  providerStates?: unknown[];
  request: { method: string; path: string };
}

const pathPattern = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, "[A-Za-z0-9]+")}$`, "i");

/** The documented calls (contracts/endpoints.ts) that no interaction of the pact exercises. */
export function uncoveredEndpoints(interactions: PactInteraction[]): string[] {
  const documented = Object.entries(endpoints as Record<string, Endpoint>).filter(([, e]) => e.source === "documented");
  return documented
    .filter(([, e]) => !interactions.some((i) => i.request.method === e.method && pathPattern(e.path).test(i.request.path)))
    .map(([name, e]) => `${name} (${e.method} ${e.path})`);
}

/**
 * Interactions without a provider state. The verifier empties the reference database in the hook
 * Pact runs before an interaction's first state, so an interaction without one would see the
 * data the previous interaction left behind.
 */
export const statelessInteractions = (interactions: PactInteraction[]): string[] =>
  interactions.filter((i) => !i.providerStates?.length).map((i) => i.description);
