import { type ActorRefFrom, assertEvent, assign, type EventObject, fromCallback, setup } from "xstate";
import type { Failure } from "../api-failure.ts";

/** A list's filters as its export endpoint takes them (contracts/endpoint.ts `download`). */
export type ExportRequest = Record<string, unknown>;

export interface ListExportContext {
  /** How much of the file has arrived. */
  bytes: number;
  /** The file saved last. */
  fileName: string | null;
  failure: Failure | null;
}

export type ListExportEvent =
  | { type: "export.start"; request: ExportRequest }
  | { type: "export.cancel" }
  /** From the download: more of the file arrived. */
  | { type: "export.progress"; bytes: number }
  /** From the download: the whole file arrived and was handed to the browser to save. */
  | { type: "export.saved"; fileName: string }
  | { type: "export.failed"; failure: Failure };

// One file: the statechart is one `setup().createMachine()` definition, its states and transitions with the actions
// they name, whose types XState infers from the whole; its selectors and tests live beside it.
/**
 * A list's CSV export, beside the list's own machine: the file of exactly what the list's filters select,
 * downloaded with its progress and saved; Cancel stops it (leaving the state stops the download). Any list's page
 * uses it with its export endpoint.
 */
export const listExportMachine = setup({
  types: {} as { context: ListExportContext; events: ListExportEvent },
  actors: {
    /** Downloads the file for the request and saves it; sends progress, then saved or failed. */
    download: fromCallback<EventObject, ExportRequest>(() => () => undefined),
  },
}).createMachine({
  id: "listExport",
  context: { bytes: 0, fileName: null, failure: null },
  initial: "idle",
  states: {
    idle: { on: { "export.start": "exporting" } },
    exporting: {
      entry: assign({ bytes: 0, failure: null }),
      invoke: {
        id: "download",
        src: "download",
        input: ({ event }) => {
          assertEvent(event, "export.start");
          return event.request;
        },
      },
      on: {
        "export.progress": { actions: assign({ bytes: ({ event }) => event.bytes }) },
        "export.saved": { target: "saved", actions: assign({ fileName: ({ event }) => event.fileName }) },
        "export.failed": { target: "failed", actions: assign({ failure: ({ event }) => event.failure }) },
        "export.cancel": "idle",
      },
    },
    saved: { on: { "export.start": "exporting" } },
    failed: { on: { "export.start": "exporting" } },
  },
});

export type ListExportActor = ActorRefFrom<typeof listExportMachine>;
