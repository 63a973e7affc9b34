import { type Endpoint, endpoints } from "../endpoints.ts";

interface PactInteraction {
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
