import type { FastifyInstance } from "fastify";
import { endpoints } from "../../contracts/endpoints.ts";

/** What the server counts of each answer (wiring/server-metrics.ts): labels from bounded sets only. */
export interface RequestMetrics {
  /** `route` is the route's pattern as registered (`/api/Order/Detail/:id`), never the path asked for. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** A sign-in call's answer: `ok`, `throttled` (429), `busy` (503) or `refused` (any other failure, 200 or not). */
  signIn(call: SignInCall, outcome: SignInOutcome): void;
}

export const signInCalls = ["login", "googleLogin", "googleCode", "secondFactor"] as const;
export type SignInCall = (typeof signInCalls)[number];
export type SignInOutcome = "ok" | "refused" | "throttled" | "busy";

const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const signInRoutes = new Map<string, SignInCall>(signInCalls.map((call) => [endpoints[call].path, call]));

/** Counts every answer once it is sent; an unmatched path is one label, `unmatched`, whatever was asked. */
export function countRequests(app: FastifyInstance, metrics: RequestMetrics): void {
  // A wrong password answers 200 with `success: false`, as the original service did: the envelope tells.
  const refused = new WeakSet<object>();
  app.addHook("onSend", async (request, _reply, payload) => {
    if (
      signInRoutes.has(request.routeOptions.url ?? "") &&
      typeof payload === "string" &&
      /^\{"success":false\b/.test(payload)
    )
      refused.add(request);
    return payload;
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const status = reply.statusCode;
    const method = knownMethods.has(request.method) ? request.method : "other";
    metrics.request(route, method, status, reply.elapsedTime / 1000);
    const call = signInRoutes.get(route);
    if (call) metrics.signIn(call, signInOutcome(status, refused.has(request)));
  });
}

function signInOutcome(status: number, refused: boolean): SignInOutcome {
  if (status === 429) return "throttled";
  if (status === 503) return "busy";
  return status >= 200 && status < 300 && !refused ? "ok" : "refused";
}
