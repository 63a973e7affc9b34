import { waitFor } from "@testing-library/react";
import { ApiError } from "../../src/api/api-error.ts";
import type { Api } from "../../src/api/make-api.ts";

type Method = keyof Api;
interface PendingCall {
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * The API faked at the boundary. Calls named in `controlled` wait until the path says how the server
 * answers (xstate.done.actor.* / xstate.error.actor.*); the rest answer at once from `answers`.
 */
export function createControlledApi(controlled: ReadonlyArray<Method>, answers: Partial<{ [K in Method]: Api[K] }> = {}) {
  const pending = new Map<Method, PendingCall[]>();
  const calls: Array<{ method: Method; args: unknown[] }> = [];
  const queue = (method: Method) => {
    const list = pending.get(method) ?? [];
    pending.set(method, list);
    return list;
  };

  const api = new Proxy({} as Api, {
    get(_, property) {
      const method = property as Method;
      return (...args: unknown[]) => {
        calls.push({ method, args });
        if (controlled.includes(method)) return new Promise((resolve, reject) => queue(method).push({ args, resolve, reject }));
        const answer = answers[method] as ((...a: unknown[]) => Promise<unknown>) | undefined;
        if (!answer) return Promise.reject(new Error(`fake API: no answer for ${method}`));
        return answer(...args);
      };
    },
  });

  /** Answers the oldest waiting call of `method` as the path's step says. */
  async function settle(method: Method, outcome: { output: unknown } | { error: { errCode: string; errMsg: string } }) {
    await waitFor(() => {
      if (queue(method).length === 0) throw new Error(`the view has not called ${method}`);
    });
    const call = queue(method).shift() as PendingCall;
    if ("error" in outcome) call.reject(new ApiError("api", outcome.error.errCode, outcome.error.errMsg));
    else call.resolve(outcome.output);
  }

  return { api, calls, settle };
}
