import type { SnapshotFrom } from "xstate";
import type { Failure } from "../api-failure.ts";
import type { listExportMachine } from "./list-export.ts";

type ListExportSnapshot = SnapshotFrom<typeof listExportMachine>;

/** The export control: what it says (nothing yet, the bytes so far, the file saved, a failure) and what it offers. */
export type ExportView =
  | { kind: "idle" }
  | { kind: "exporting"; bytes: number }
  | { kind: "saved"; fileName: string }
  | { kind: "failed"; failure: Failure | null };

export function selectExport(s: ListExportSnapshot): ExportView {
  const { context } = s;
  if (s.matches("exporting")) return { kind: "exporting", bytes: context.bytes };
  if (s.matches("saved")) return { kind: "saved", fileName: context.fileName ?? "" };
  if (s.matches("failed")) return { kind: "failed", failure: context.failure };
  return { kind: "idle" };
}
