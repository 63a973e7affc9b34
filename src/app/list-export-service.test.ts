import { describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import { billListArea } from "../../machines/bills/bill-list.ts";
import { selectExport } from "../../machines/lists/list-export-selectors.ts";
import type { DownloadedFile } from "../api/download.ts";
import { provideListExport } from "./list-export-service.ts";

function exporting(request: Record<string, unknown>) {
  const asked: unknown[] = [];
  const saved: DownloadedFile[] = [];
  const file: DownloadedFile = { fileName: "application-bills-2026-11-29.csv", blob: new Blob(["a,b\n"]) };
  const machine = provideListExport(
    billListArea,
    async (filters) => {
      asked.push(filters);
      return file;
    },
    (done) => saved.push(done),
  );
  const actor = createActor(machine).start();
  actor.send({ type: "export.start", request });
  return { actor, asked, saved };
}

describe("a list's export bound to its endpoint", () => {
  it("downloads the filters as the area's export schema reads them, and saves the file", async () => {
    const { actor, asked, saved } = exporting({ status: "credited" });
    await waitFor(actor, (s) => s.matches("saved"));
    expect(asked).toEqual([{ status: "credited" }]);
    expect(saved.map((file) => file.fileName)).toEqual(["application-bills-2026-11-29.csv"]);
  });

  it("asks nothing for filters the export schema refuses, and says it failed", async () => {
    const { actor, asked } = exporting({ status: "credited", pageSize: 10 });
    await waitFor(actor, (s) => s.matches("failed"));
    expect(asked).toEqual([]);
    expect(selectExport(actor.getSnapshot()).kind).toBe("failed");
  });
});
