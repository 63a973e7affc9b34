import { describe, expect, it } from "vitest";
import { endpoints } from "../../contracts/endpoints.ts";
import type { ApiError } from "./api-error.ts";
import type { ApiReporter } from "./client.ts";
import { createDownload } from "./download.ts";

function reporter(): ApiReporter & { api: ApiError[]; transport: ApiError[] } {
  const api: ApiError[] = [];
  const transport: ApiError[] = [];
  return { api, transport, apiError: (e) => api.push(e), transportError: (e) => transport.push(e) };
}

/** A server answering with `body` in parts, as a stream arrives. */
function serving(parts: string[], headers: Record<string, string>) {
  const sent: Array<{ url: string; init: RequestInit }> = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const part of parts) controller.enqueue(encoder.encode(part));
        controller.close();
      },
    });
    return new Response(body, { status: headers["content-type"]?.startsWith("text/csv") ? 200 : 400, headers });
  }) as unknown as typeof fetch;
  return { sent, fetchImpl };
}

describe("createDownload", () => {
  it("posts the filters with the session's headers and reads the file as it arrives, telling the bytes", async () => {
    const server = serving(["billNo,amount\n", "1,2.5\n"], {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="application-bills-2026-11-26.csv"',
    });
    const download = createDownload({
      baseUrl: "http://api.test",
      getToken: () => "abc",
      getLocale: () => "ko-KR",
      fetch: server.fetchImpl,
    });
    const progress: number[] = [];
    const file = await download(
      endpoints.billExport,
      { body: { status: "credited" } },
      { onProgress: (b) => progress.push(b) },
    );
    expect(file.fileName).toBe("application-bills-2026-11-26.csv");
    expect(await file.blob.text()).toBe("billNo,amount\n1,2.5\n");
    expect(progress).toEqual([14, 20]);
    const [request] = server.sent;
    expect(request?.url).toBe("http://api.test/api/Bill/Export");
    expect(request?.init.method).toBe("POST");
    expect(request?.init.body).toBe('{"status":"credited"}');
    expect(new Headers(request?.init.headers).get("authorization")).toBe("Bearer abc");
    expect(new Headers(request?.init.headers).get("language")).toBe("ko-KR");
  });

  it("throws the envelope's refusal and tells the reporter", async () => {
    const server = serving([JSON.stringify({ success: false, errCode: "1001", errMsg: "Invalid", resData: null })], {
      "content-type": "application/json",
    });
    const seen = reporter();
    const download = createDownload({
      baseUrl: "",
      getToken: () => null,
      getLocale: () => "",
      fetch: server.fetchImpl,
      reporter: seen,
    });
    await expect(download(endpoints.billExport, { body: {} })).rejects.toMatchObject({ kind: "api", errCode: "1001" });
    expect(seen.api).toHaveLength(1);
  });
});
