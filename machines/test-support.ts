import { type AnyActorRef, waitFor } from "xstate";

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
