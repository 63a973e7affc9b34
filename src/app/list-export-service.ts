import { fromCallback } from "xstate";
import { toFailure } from "../../machines/api-failure.ts";
import type { ListArea } from "../../machines/lists/list-area.ts";
import { listExportMachine } from "../../machines/lists/list-export.ts";
import type { DownloadedFile, DownloadOptions } from "../api/download.ts";

/** A list's export endpoint as the client calls it (`api.<area>.export`), with the area's filters. */
export type ExportDownload<Filters> = (request: Filters, options: DownloadOptions) => Promise<DownloadedFile>;

/**
 * A list's CSV export (machines/lists/list-export.ts) bound to its endpoint: the file of the request with its
 * progress, then handed to `saveFile`; Cancel aborts the download. The request is the export schema's parse of the
 * list's search (list-selectors.ts `selectListExportRequest`); one it refuses is a failure, as the server's would be.
 */
export const provideListExport = <Filters>(
  area: Pick<ListArea<unknown, unknown, Filters>, "exportSchema">,
  download: ExportDownload<Filters>,
  saveFile: (file: DownloadedFile) => void,
) =>
  listExportMachine.provide({
    actors: {
      download: fromCallback(({ input, sendBack }) => {
        const stop = new AbortController();
        const options = {
          signal: stop.signal,
          onProgress: (bytes: number) => sendBack({ type: "export.progress", bytes }),
        };
        new Promise<DownloadedFile>((resolve) => {
          if (!area.exportSchema) throw new Error(`the list has no export`);
          resolve(download(area.exportSchema.parse(input), options));
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
