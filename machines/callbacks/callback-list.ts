import { attemptResults, callbackEventTypes } from "../../contracts/schemas/callbacks.ts";
import { callbacksEndpoints } from "../../contracts/endpoints/callbacks.ts";
import { listArea } from "../lists/list-area.ts";

/**
 * Transaction callbacks on the list framework: every attempt to deliver an event to an
 * application's callback URL, newest first, searched by application, event type, result, send time and bill number
 * (set by the link from an application bill's details: the list opens with it as its search).
 */
export const callbackListArea = listArea(
  { pages: callbacksEndpoints.callbackList, file: callbacksEndpoints.callbackExport },
  {
    name: "callbacks",
    fields: [
      { name: "appCode", kind: "application" },
      {
        name: "eventType",
        kind: "choice",
        options: callbackEventTypes,
        optionLabels: "callbacks.eventType",
        any: "callbacks.search.any",
      },
      {
        name: "result",
        kind: "choice",
        options: attemptResults,
        optionLabels: "callbacks.result",
        any: "callbacks.search.any",
      },
      { name: "startTime", kind: "from" },
      { name: "endTime", kind: "until" },
      { name: "billNo", kind: "text", numeric: true },
      { name: "invoiceId", kind: "text" },
    ],
    pageSizes: [10, 20, 50],
    defaultPageSize: 10,
    rowKey: (attempt) => attempt.attemptId,
    live: false,
  },
);
