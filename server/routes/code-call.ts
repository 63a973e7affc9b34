import type { EndpointName } from "../../contracts/endpoints.ts";
import type { Handler } from "../http/handler.ts";

/** A code call's handler, run through `services.codeCalls` (a few at a time, so sign-ins are not crowded out). */
export const queuedAsCodeCall =
  <N extends EndpointName>(handle: Handler<N>["handle"]): Handler<N>["handle"] =>
  (ctx) =>
    ctx.services.codeCalls.run("other", () => handle(ctx));
