// @vitest-environment happy-dom
import { act, screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";
import { ApiError } from "../../src/api/api-error.ts";
import type { DownloadOptions } from "../../src/api/download.ts";
import { storageKeys } from "../../src/api/session-storage.ts";
import { formatBytes } from "../../src/i18n/format.ts";
import { type ControlledApi, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { runModel, unmapped } from "../framework/run-model.ts";
import { sampleApp } from "../models/app-edit.model.ts";
import { sampleBills } from "../models/bill-fixtures.ts";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { exportedRequest, listExportModel } from "../models/list-export.model.ts";
import { signedInAnswers } from "./signed-in.ts";

/** The file the fake server sends: a header and one row whose text needs quoting. */
const exportedCsv = 'billNo,appName\n2026020100000101,"Shop, ""north"""\n';

interface PendingDownload {
  input: unknown;
  options: DownloadOptions | undefined;
  resolve(file: { blob: Blob; fileName: string }): void;
  reject(error: unknown): void;
}

type H = ConsoleHarness & { fake: ControlledApi; downloads: PendingDownload[] };

const button = (h: H) => screen.getByRole("button", { name: h.t("listExport.button") });
const status = () => screen.getByTestId("bills-export");

runModel(listExportModel, {
  async start() {
    const downloads: PendingDownload[] = [];
    const fake = createControlledApi([], {
      ...signedInAnswers,
      "apps.list": async () => ({ items: [sampleApp], ...fakeKeysetPaging(1, 100, 1) }),
      "bills.list": async () => ({ items: sampleBills, ...fakeKeysetPaging(1, 10, sampleBills.length) }),
      "bills.watch": () => () => {},
      "bills.export": (input, options) =>
        new Promise((resolve, reject) => downloads.push({ input, options, resolve, reject })),
    });
    const h = await renderConsole({
      url: "/bill/list",
      api: fake.api,
      storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
    });
    await screen.findByTestId(`bill-row-${sampleBills[0]?.billNo}`);
    // The export takes the list's search as applied: the credited bills.
    const form = screen.getByRole("form", { name: h.t("bills.search.label") });
    await h.user.selectOptions(within(form).getByLabelText(h.t("bills.search.status")), "credited");
    await h.user.click(within(form).getByRole("button", { name: h.t("bills.search.submit") }));
    await waitFor(() => expect(fake.calls.filter((c) => c.method === "bills.list")).toHaveLength(2));
    return Object.assign(h, { fake, downloads });
  },
  fakeApi: (h: H) => h.fake,
  async perform(h: H, e) {
    const download = h.downloads.at(-1);
    switch (e.type) {
      case "export.start":
        return h.user.click(button(h));
      case "export.cancel":
        return h.user.click(screen.getByRole("button", { name: h.t("listExport.cancel") }));
      case "export.progress":
        return act(() => download?.options?.onProgress?.(e.bytes));
      case "export.saved":
        return act(() =>
          download?.resolve({ blob: new Blob([exportedCsv], { type: "text/csv" }), fileName: e.fileName }),
        );
      case "export.failed":
        return act(() => download?.reject(new ApiError("api", e.failure.errCode, e.failure.errMsg)));
      default:
        unmapped(e);
    }
  },
  async expectScreen(h: H, s) {
    const { context } = s;
    const exporting = s.matches("exporting");
    await waitFor(() => expect((button(h) as HTMLButtonElement).disabled).toBe(exporting));
    expect(Boolean(screen.queryByRole("button", { name: h.t("listExport.cancel") }))).toBe(exporting);
    if (s.matches("idle")) {
      expect(status().textContent).toBe("");
      return;
    }
    // Exactly the list's filter, and one download per press.
    expect(h.downloads.at(-1)?.input).toEqual(exportedRequest);
    if (exporting) {
      await waitFor(() =>
        expect(status().textContent).toBe(h.t("listExport.exporting", { size: formatBytes(context.bytes, "en-US") })),
      );
      return;
    }
    if (s.matches("saved")) {
      await waitFor(() => expect(status().textContent).toBe(h.t("listExport.saved", { fileName: context.fileName })));
      const saved = h.savedFiles.at(-1);
      expect(saved?.fileName).toBe(context.fileName);
      expect(await saved?.text).toBe(exportedCsv);
      return;
    }
    await waitFor(() =>
      expect(status().textContent).toBe(
        h.t("listExport.failed", { reason: h.services.describeFailure(context.failure) }),
      ),
    );
  },
  stop: (h) => h.cleanup(),
});
