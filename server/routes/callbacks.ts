import type { HandlerTable, Services } from "../http/handler.ts";
import { exportCallbacks, listCallbacks } from "../domain/callbacks/callback-log.ts";
import { type CallbackSendDeps, redeliverCallback, sendTestCallback } from "../domain/callbacks/callback-sends.ts";
import { redeliverFailedCallbacks } from "../domain/callbacks/redeliver-failed.ts";
import { listHandlers } from "./list-handlers.ts";

/** What a send on the merchant's command uses of the server's services. */
const sendDeps = ({ db, secret, callbackTargets, clock, limits, refusals }: Services): CallbackSendDeps => ({
  db,
  secret,
  targets: callbackTargets,
  clock,
  limits,
  refusals,
});

/** Transaction callbacks (contracts/schemas/callbacks.ts): only ever the signed-in merchant's own attempts and applications. */
export const callbackHandlers: Pick<
  HandlerTable,
  "callbackList" | "callbackExport" | "callbackRedeliver" | "callbackRedeliverFailed" | "callbackTest"
> = {
  ...listHandlers(
    { pages: "callbackList", file: "callbackExport" },
    {
      pages: (db, scope, search, { secret }) => listCallbacks(db, scope, search, secret),
      file: (db, scope, filters, { now }) => exportCallbacks(db, scope, filters, now),
    },
  ),
  callbackRedeliver: {
    handle: ({ body, session, services }) => redeliverCallback(sendDeps(services), session.scope, body.attemptId),
  },
  callbackRedeliverFailed: {
    handle: ({ db, body, session, now }) => redeliverFailedCallbacks(db, session.scope, body, now),
  },
  callbackTest: { handle: ({ body, session, services }) => sendTestCallback(sendDeps(services), session.scope, body) },
};
