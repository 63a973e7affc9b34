import { fromCallback } from "xstate";
import { toFailure } from "../../machines/api-failure.ts";
import { type ExportRequest, listExportMachine } from "../../machines/lists/list-export.ts";
import type { DownloadedFile, DownloadOptions } from "../api/download.ts";

/** A list's export endpoint as the client calls it (`api.<area>.export`). */
export type ExportDownload = (request: ExportRequest, options: DownloadOptions) => Promise<DownloadedFile>;

/**
 * A list's CSV export (machines/lists/list-export.ts) bound to its endpoint: the file of the request with its
 * progress, then handed to `saveFile`; Cancel aborts the download.
 */
export const provideListExport = (download: ExportDownload, saveFile: (file: DownloadedFile) => void) =>
  listExportMachine.provide({
    actors: {
      download: fromCallback(({ input, sendBack }) => {
        const stop = new AbortController();
        download(input, {
          signal: stop.signal,
          onProgress: (bytes) => sendBack({ type: "export.progress", bytes }),
        }).then(
          (file) => {
            saveFile(file);
            sendBack({ type: "export.saved", fileName: file.fileName });
          },
          (error: unknown) => {
            if (!stop.signal.aborted) sendBack({ type: "export.failed", failure: toFailure(error) });
          },
        );
        return () => stop.abort();
      }),
    },
  });
