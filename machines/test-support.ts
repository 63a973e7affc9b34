import { type AnyActorRef, fromPromise, waitFor } from "xstate";
import type { LoginResult } from "../contracts/schemas/auth.ts";

/** Resolves once the actor's snapshot matches the state value (dotted path). */
export const settle = (actor: AnyActorRef, state: string) =>
  waitFor(actor, (snapshot) => snapshot.matches(state.includes(".") ? toValue(state) : state), { timeout: 2000 });

function toValue(path: string): Record<string, unknown> {
  const [head, ...rest] = path.split(".");
  return { [head as string]: rest.length === 1 ? rest[0] : toValue(rest.join(".")) };
}

/** An ApiError-shaped rejection, as src/api throws it. */
export const apiFailure = (errCode: string, errMsg = `failure ${errCode}`) =>
  Object.assign(new Error(errMsg), { errCode, errMsg });

/** A call a machine makes, answered by `answer` and recorded: provide `actor` under the call's name, read `calls`. */
export function recordedCall<Input, Output>(answer: () => Promise<Output>) {
  const calls: Input[] = [];
  const actor = fromPromise<Output, Input>(async ({ input }) => {
    calls.push(input);
    return answer();
  });
  return { actor, calls };
}

/** Resolves with the actor's snapshot once it is done (a child machine's output). */
export const ended = (actor: AnyActorRef) => waitFor(actor, (snapshot) => snapshot.status === "done");

/** What the server answers a sign-in that needs no second factor. */
export const signedInAnswer: LoginResult = {
  accessToken: "tok",
  userId: "100001",
  email: "m@example.com",
  language: "en-US",
  nickName: "m",
  avatar: "",
};
