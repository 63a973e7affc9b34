import { describe, expect, it } from "vitest";
import { type AnyEventObject, createActor, fromCallback } from "xstate";
import { listExportMachine } from "./list-export.ts";
import { selectExport } from "./list-export-selectors.ts";

function start() {
  const downloads: Array<{ request: unknown; send: (event: AnyEventObject) => void; stopped: boolean }> = [];
  const machine = listExportMachine.provide({
    actors: {
      download: fromCallback(({ input, sendBack }) => {
        const download = { request: input, send: sendBack, stopped: false };
        downloads.push(download);
        return () => {
          download.stopped = true;
        };
      }),
    },
  });
  return { actor: createActor(machine).start(), downloads };
}

describe("list export", () => {
  it("downloads the file of the request it was started with, telling the bytes, then the file saved", () => {
    const { actor, downloads } = start();
    expect(selectExport(actor.getSnapshot())).toEqual({ kind: "idle" });
    actor.send({ type: "export.start", request: { status: "credited" } });
    expect(downloads.map((d) => d.request)).toEqual([{ status: "credited" }]);
    downloads[0]?.send({ type: "export.progress", bytes: 2048 });
    expect(selectExport(actor.getSnapshot())).toEqual({ kind: "exporting", bytes: 2048 });
    downloads[0]?.send({ type: "export.saved", fileName: "application-bills-2026-11-26.csv" });
    expect(selectExport(actor.getSnapshot())).toEqual({ kind: "saved", fileName: "application-bills-2026-11-26.csv" });
    // Another export starts from nothing.
    actor.send({ type: "export.start", request: {} });
    expect(selectExport(actor.getSnapshot())).toEqual({ kind: "exporting", bytes: 0 });
  });

  it("stops the download on Cancel, and keeps a failure until the next export", () => {
    const { actor, downloads } = start();
    actor.send({ type: "export.start", request: {} });
    actor.send({ type: "export.cancel" });
    expect(downloads[0]?.stopped).toBe(true);
    expect(selectExport(actor.getSnapshot())).toEqual({ kind: "idle" });
    actor.send({ type: "export.start", request: {} });
    downloads[1]?.send({ type: "export.failed", failure: { errCode: "5000", errMsg: "Internal error" } });
    expect(selectExport(actor.getSnapshot())).toEqual({
      kind: "failed",
      failure: { errCode: "5000", errMsg: "Internal error" },
    });
    // A second start while one runs is not taken.
    actor.send({ type: "export.start", request: {} });
    actor.send({ type: "export.start", request: { status: "dropped" } });
    expect(downloads).toHaveLength(3);
  });
});
