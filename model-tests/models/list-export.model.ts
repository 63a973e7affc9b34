import { listExportMachine } from "../../machines/lists/list-export.ts";
import type { MachineModel } from "../framework/model.ts";
import { english } from "./english.ts";
import { failure } from "./fixtures.ts";

/** What the bills page's export asks for once the list shows the credited bills: exactly the list's filter. */
export const exportedRequest = { status: "credited" };
export const exportedFileName = "application-bills-2026-02-01.csv";
export const exportedBytes = 1536;

export const listExportModel: MachineModel<typeof listExportMachine> = {
  id: "listExport",
  machine: listExportMachine,
  starts: [{ name: "signed in, on Application bills searched for credited bills", input: undefined }],
  // One console exports again and again: each check reads the latest download and saved file.
  walks: true,
  events: (s) => {
    if (s.matches("exporting"))
      return [
        { type: "export.progress", bytes: exportedBytes },
        { type: "export.saved", fileName: exportedFileName },
        { type: "export.failed", failure: failure("5000", "Internal error") },
        { type: "export.cancel" },
      ];
    return [{ type: "export.start", request: exportedRequest }];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "export.start":
        return `Press ${english("listExport.button")}`;
      case "export.cancel":
        return `Press ${english("listExport.cancel")}`;
      case "export.progress":
        return `The first ${e.bytes} bytes of the file arrive`;
      case "export.saved":
        return `The whole file arrives; the browser saves it as ${e.fileName}`;
      case "export.failed":
        return `The server breaks off the file: "${e.failure.errMsg}"`;
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    if (s.matches("exporting"))
      return `${english("listExport.button")} shows a spinner beside "Exporting… ${s.context.bytes} B" and ${english("listExport.cancel")}`;
    if (s.matches("saved"))
      return `The page says "Saved ${s.context.fileName}"; ${english("listExport.button")} is offered again`;
    if (s.matches("failed"))
      return `The page says the export failed, and why; ${english("listExport.button")} is offered again`;
    return `${english("listExport.button")} under the search`;
  },
  excluded: [],
};
