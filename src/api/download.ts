import { type Endpoint, fillPath } from "../../contracts/endpoints.ts";
import { envelope } from "../../contracts/schemas/envelope.ts";
import { ApiError } from "./api-error.ts";
import { type CallInput, type ClientOptions, requestHeaders, resolveUrl } from "./client.ts";

/** A file the server sent (a download endpoint's CSV), whole, with the name it gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export interface DownloadOptions {
  /** Called as the file arrives, with the bytes received so far. */
  onProgress?(bytes: number): void;
  signal?: AbortSignal;
}

export type DownloadCall = (endpoint: Endpoint, input: CallInput, options?: DownloadOptions) => Promise<DownloadedFile>;

const fileNameOf = (disposition: string | null, fallback: string) =>
  /filename="([^"]+)"/.exec(disposition ?? "")?.[1] ?? fallback;

/**
 * Calls a download endpoint (contracts/endpoint.ts `download`) as the client calls any other — the same headers, the
 * same reporter — and reads the file as it streams in, telling the progress. A refusal before the file is the
 * envelope's ApiError.
 */
export function createDownload(options: ClientOptions): DownloadCall {
  return async (endpoint, input, { onProgress, signal } = {}) => {
    const headers = requestHeaders(options);
    const fetchFile = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await fetchFile(resolveUrl(options.baseUrl, fillPath(endpoint.path, input.params)), {
        method: endpoint.method,
        headers,
        credentials: "same-origin",
        body: JSON.stringify(input.body ?? {}),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      throw reported(
        options,
        new ApiError("transport", "network", error instanceof Error ? error.message : "Request Error"),
      );
    }
    if (!(response.headers.get("content-type") ?? "").startsWith("text/csv")) {
      const answer = envelope.safeParse(await response.json().catch(() => null));
      if (!answer.success)
        throw reported(options, new ApiError("transport", `HTTP ${response.status}`, "Request Error"));
      const refusal = new ApiError("api", answer.data.errCode, answer.data.errMsg);
      options.reporter?.apiError(refusal);
      throw refusal;
    }
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    const reader = response.body?.getReader();
    try {
      for (;;) {
        const read = await reader?.read();
        if (!read || read.done) break;
        chunks.push(read.value);
        bytes += read.value.byteLength;
        onProgress?.(bytes);
      }
    } catch (error) {
      throw reported(
        options,
        new ApiError("transport", "network", error instanceof Error ? error.message : "Request Error"),
      );
    }
    const fallback = `${endpoint.call}.csv`;
    return {
      blob: new Blob(chunks as BlobPart[], { type: "text/csv" }),
      fileName: fileNameOf(response.headers.get("content-disposition"), fallback),
    };
  };
}

function reported(options: ClientOptions, failure: ApiError): ApiError {
  options.reporter?.transportError(failure);
  return failure;
}
