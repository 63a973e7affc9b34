/**
 * React's development build records, for every element it creates, where in the code it was created (an `Error` for
 * its stack and a `console.createTask` for the async stack a debugger shows), to name the owner in its warnings. Under
 * Node the two cost the model tests a tenth of their CPU-seconds (114 -> 104 for the stage; app-edit 33.5 -> 26.4 s),
 * and no test reads them:
 * React skips both when `console.createTask` is absent and once its per-render budget of owner stacks is spent, which
 * this sets before React is loaded. Warnings still name the component, with an unknown owner.
 */
(console as unknown as Record<string, unknown>).createTask = undefined;
const React = await import("react");
const internals = (React as unknown as Record<string, Record<string, unknown> | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (!internals || !("recentlyCreatedOwnerStacks" in internals))
  throw new Error("React's owner-stack budget moved: update model-tests/framework/react-dev-cost.ts");
Object.defineProperty(internals, "recentlyCreatedOwnerStacks", { get: () => Number.MAX_SAFE_INTEGER, set: () => {} });
export {};
