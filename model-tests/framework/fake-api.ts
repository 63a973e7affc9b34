import { waitFor } from "@testing-library/react";
import { ApiError } from "../../src/api/api-error.ts";
import type { ApiReporter } from "../../src/api/client.ts";
import type { Api } from "../../src/api/make-api.ts";
import { actorResultOf } from "./model-events.ts";

/** A call of the Api by its path: `"orders.list"`. */
export type Method = { [A in keyof Api]: `${A}.${keyof Api[A] & string}` }[keyof Api];
type CallAt<P extends Method> = P extends `${infer A extends keyof Api}.${infer C}`
  ? C extends keyof Api[A]
    ? Api[A][C]
    : never
  : never;
/** Answers by call path: `{ "orders.list": async () => page }`. */
export type Answers = Partial<{ [P in Method]: CallAt<P> }>;
interface PendingCall {
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * The calls the path answers. A list names API calls whose invoke id is the call's name (`["auth.register"]` for the
 * invoke `register`); a record maps each invoke id to the API call its actor makes (`{ loadProfile: "user.info" }`).
 */
export type ControlledCalls = ReadonlyArray<Method> | Readonly<Record<string, Method>>;

type Outcome = { output: unknown } | { error: unknown };

const isFailure = (error: unknown): error is { errCode: string; errMsg: string } =>
  typeof error === "object" &&
  error !== null &&
  typeof (error as { errCode?: unknown }).errCode === "string" &&
  typeof (error as { errMsg?: unknown }).errMsg === "string";

/**
 * A path's error as the API client would throw it: `{ errCode, errMsg, detail? }` becomes an ApiError (the detail its
 * resData), an Error stays itself.
 */
function thrown(error: unknown): unknown {
  if (isFailure(error)) return new ApiError("api", error.errCode, error.errMsg, (error as { detail?: unknown }).detail);
  if (error instanceof Error) return error;
  throw new Error(
    `fake API: cannot throw ${JSON.stringify(error)}; use failure(errCode, errMsg) from models/fixtures.ts`,
  );
}

/**
 * The API faked at the boundary. Calls of the controlled methods wait until the path says how the server
 * answers (xstate.done.actor.* / xstate.error.actor.*); the rest answer at once from `answers`.
 */
export function createControlledApi(controlled: ControlledCalls, answers: Answers = {}) {
  const methodOf: Readonly<Record<string, Method>> = isList(controlled)
    ? Object.fromEntries(controlled.map((m) => [m.slice(m.indexOf(".") + 1), m]))
    : controlled;
  const controlledMethods = new Set(Object.values(methodOf));
  const pending = new Map<Method, PendingCall[]>();
  const calls: Array<{ method: Method; args: unknown[] }> = [];
  const queue = (method: Method) => {
    const list = pending.get(method) ?? [];
    pending.set(method, list);
    return list;
  };

  const callAt =
    (method: Method) =>
    (...args: unknown[]) => {
      calls.push({ method, args });
      if (controlledMethods.has(method))
        return new Promise((resolve, reject) => queue(method).push({ args, resolve, reject }));
      const answer = answers[method] as ((...a: unknown[]) => Promise<unknown>) | undefined;
      if (!answer) return Promise.reject(new Error(`fake API: no answer for ${method}`));
      return answer(...args);
    };
  const api = new Proxy({} as Api, {
    get: (_, area) => new Proxy({}, { get: (__, name) => callAt(`${String(area)}.${String(name)}` as Method) }),
  });

  /** Answers the oldest waiting call of `method` as the path's step says (the newest: `newest`). */
  async function settle(method: Method, outcome: Outcome, which: "oldest" | "newest" = "oldest") {
    await waitFor(() => {
      if (queue(method).length === 0) throw new Error(`the view has not called ${method}`);
    });
    const waiting = queue(method);
    const call = (which === "oldest" ? waiting.shift() : waiting.pop()) as PendingCall;
    if ("error" in outcome) call.reject(thrown(outcome.error));
    else call.resolve(outcome.output);
  }

  /** The invoke ids whose results this API answers. */
  const invokeIds = () => Object.keys(methodOf);

  /**
   * Answers a path's actor result through the call its invoke makes. False when the event is no actor result, or
   * one of an actor this API does not control (the harness performs it then). A machine runs one invoke of an id at
   * a time, so the result is the newest call's: an older call still waiting was made by an invoke the machine has
   * left since (a dialog closed while its call was under way), and its answer would go unheard.
   */
  async function answerActorResult(event: { type: string }): Promise<boolean> {
    const result = actorResultOf(event);
    const method = result ? methodOf[result.id] : undefined;
    if (!result || !method) return false;
    await settle(method, result.outcome, "newest");
    return true;
  }

  return { api, calls, settle, invokeIds, answerActorResult };
}

export type ControlledApi = ReturnType<typeof createControlledApi>;

function isList(controlled: ControlledCalls): controlled is ReadonlyArray<Method> {
  return Array.isArray(controlled);
}

/**
 * The API as the console's client hands it out: every ApiError a call throws is told to the error policy first (a
 * server's numeric code as an API error, anything else as no usable answer), so the path sees the real error toasts.
 */
export function reportingApi(api: Api, reporter: ApiReporter): Api {
  const report = (error: unknown) => {
    if (error instanceof ApiError) {
      if (/^\d+$/.test(error.errCode)) reporter.apiError(error);
      else reporter.transportError(error);
    }
    throw error;
  };
  return new Proxy(api, {
    get: (target, area) => {
      const calls = target[area as keyof Api] as unknown as Record<string, (...args: unknown[]) => unknown>;
      return new Proxy(calls, {
        get: (inner, name) => {
          const call = inner[name as string];
          if (typeof call !== "function") return call;
          return (...args: unknown[]) => {
            const result: unknown = call(...args);
            // Not every call answers with a promise (watching an order returns its handle).
            return result instanceof Promise ? result.catch(report) : result;
          };
        },
      });
    },
  });
}
