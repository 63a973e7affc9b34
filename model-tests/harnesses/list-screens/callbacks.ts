import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { CallbackAttempt } from "../../../contracts/schemas/callbacks.ts";
import { withinRow } from "../../framework/row-queries.ts";
import { sampleApp } from "../../models/app-edit.model.ts";
import { expectNoDialog, latencyText, listCalls } from "../callback-pages.ts";
import { replaceText } from "../form-steps.ts";
import type { ListScreen } from "./list-screen.ts";

/** Transaction callbacks: its attempts, the details with the bodies whole, and a test event adding one. */
export const callbackScreen: ListScreen = {
  path: "/callback/list",
  emptyHint: true,
  rowTestId: (key) => `callback-row-${key}`,
  async expectRow(h, row) {
    const attempt = row as CallbackAttempt;
    const cells = withinRow(screen.getByTestId(`callback-row-${attempt.attemptId}`));
    expect(cells.getByText(h.t(`callbacks.result.${attempt.result}`))).toBeTruthy();
    expect(cells.getByText(h.t(`callbacks.delivery.${attempt.deliveryStatus}`))).toBeTruthy();
    expect(cells.getByText(h.t(`callbacks.eventType.${attempt.eventType}`))).toBeTruthy();
    expect(cells.getByText(attempt.appName)).toBeTruthy();
    // The URL and the bodies are behind Columns (and whole in the details dialog).
    expect(cells.queryByTitle(attempt.url)).toBeNull();
    expect(cells.getByText(`#${attempt.attemptNo}`)).toBeTruthy();
    expect(cells.getByText(latencyText(h, attempt.latencyMs))).toBeTruthy();
    expect(
      cells.getByText(attempt.responseStatus === null ? h.t("callbacks.noAnswer") : String(attempt.responseStatus)),
    ).toBeTruthy();
    expect(
      (cells.getByRole("button", { name: h.t("callbacks.actions.redeliver") }) as HTMLButtonElement).disabled,
    ).toBe(false);
  },
  // Every field, the bodies whole with copy buttons.
  async expectDetail(h, s) {
    const attempt = s.context.detail as CallbackAttempt;
    const dialog = await screen.findByRole("dialog", {
      name: h.t("callbacks.details.title", { attemptNo: attempt.attemptNo }),
    });
    const facts = within(dialog).getByTestId("callback-facts").textContent ?? "";
    for (const expected of [
      attempt.eventId,
      `${attempt.appName} (${attempt.appCode})`,
      attempt.url,
      h.t(`callbacks.result.${attempt.result}`),
      h.t(`callbacks.delivery.${attempt.deliveryStatus}`),
      latencyText(h, attempt.latencyMs),
      attempt.responseStatus === null ? (attempt.error ?? "") : String(attempt.responseStatus),
    ])
      expect(facts).toContain(expected);
    expect(within(dialog).getByTestId("callback-request-body").textContent).toBe(attempt.requestBody);
    if (attempt.responseBody)
      expect(within(dialog).getByTestId("callback-response-body").textContent).toBe(attempt.responseBody);
    for (const label of ["callbacks.details.copyEventId", "callbacks.details.copyRequest"])
      expect(within(dialog).getByRole("button", { name: h.t(label) })).toBeTruthy();
  },
  /** A test event sent and answered at once: the list is asked for again (`list.reload`). */
  async addRows(h, loading) {
    const before = listCalls(h);
    await h.user.click(screen.getByRole("button", { name: h.t("callbacks.test.open") }));
    const dialog = await screen.findByRole("dialog", { name: h.t("callbacks.test.title") });
    const select = within(dialog).queryByLabelText(h.t("callbacks.test.application"));
    if (select) await h.user.selectOptions(select, sampleApp.appCode);
    else await replaceText(h, within(dialog).getByLabelText(h.t("callbacks.search.appCode")), sampleApp.appCode);
    await h.user.click(within(dialog).getByRole("button", { name: h.t("callbacks.test.send") }));
    await within(dialog).findByTestId("test-answer");
    // Asked again at once; or, while an answer is under way, once it has come (the path answers it next).
    await waitFor(() => expect(listCalls(h)).toBe(before + (loading ? 0 : 1)));
    const closes = within(dialog).getAllByRole("button", { name: h.t("callbacks.test.close") });
    await h.user.click(closes.at(-1) as HTMLElement);
    await expectNoDialog();
  },
};
