import { type Endpoint, endpoints } from "../endpoints.ts";

interface PactInteraction {
  description: string;
  providerStates?: unknown[];
  request: { method: string; path: string };
}

const pathPattern = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, "[A-Za-z0-9]+")}$`, "i");

/**
 * The calls of contracts/endpoints.ts that no interaction of the pact exercises, documented and
 * proposed alike: a proposed call is as much a promise to the backend team as a documented one.
 */
export function uncoveredEndpoints(interactions: PactInteraction[]): string[] {
  return Object.entries(endpoints as Record<string, Endpoint>)
    .filter(
      ([, e]) => !interactions.some((i) => i.request.method === e.method && pathPattern(e.path).test(i.request.path)),
    )
    .map(([name, e]) => `${name} (${e.method} ${e.path}, ${e.source})`);
}

/**
 * Interactions without a provider state. The verifier empties the reference database in the hook
 * Pact runs before an interaction's first state, so an interaction without one would see the
 * data the previous interaction left behind.
 */
export const statelessInteractions = (interactions: PactInteraction[]): string[] =>
  interactions.filter((i) => !i.providerStates?.length).map((i) => i.description);
