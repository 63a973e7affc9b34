import { consoleOverview } from "../domain/bills/console-overview.ts";
import { ok } from "../domain/platform/outcome.ts";
import type { HandlerTable } from "../http/handler.ts";

/** The console home's figures. */
export const consoleHandlers: Pick<HandlerTable, "consoleOverview"> = {
  consoleOverview: {
    handle: async ({ db, session, services, body, now }) =>
      ok(await consoleOverview(db, session.scope, services.chain, body.range, now)),
  },
};
