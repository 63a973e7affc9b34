import { screen, waitFor, within } from "@testing-library/react";
import { expect } from "vitest";
import type { CallbackAttempt } from "../../contracts/schemas/callbacks.ts";
import { firstPage } from "../../machines/lists/keyset-paging.ts";
import { pageNumberOf } from "../../machines/lists/keyset-test-support.ts";
import { storageKeys } from "../../src/api/session-storage.ts";
import { formatCount } from "../../src/i18n/format.ts";
import { type Answers, type ControlledCalls, createControlledApi } from "../framework/fake-api.ts";
import { type ConsoleHarness, renderConsole } from "../framework/render-console.tsx";
import { sampleApp } from "../models/app-edit.model.ts";
import { callbackApps, callbackListAnswer } from "../models/callback-fixtures.ts";
import { loginResult, storedUser } from "../models/fixtures.ts";
import { signedInAnswers } from "./signed-in.ts";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";

export type CallbacksHarness = ConsoleHarness & { fake: ReturnType<typeof createControlledApi> };

/**
 * Transaction callbacks (or another list page of `page`) for the sample merchant, with `controlled` calls answered by
 * the path.
 */
export async function renderCallbacks(
  controlled: ControlledCalls,
  answers: Answers = {},
  query = "",
  page = { path: "/callback/list", title: "callbacks.title" },
) {
  const fake = createControlledApi(controlled, {
    ...signedInAnswers,
    "apps.list": async () => ({ items: [sampleApp], ...fakeKeysetPaging(1, 100, 1) }),
    // The list answers at once unless the path answers it.
    "callbacks.list": async (request = {}) =>
      callbackListAnswer({
        search: {
          appCode: "",
          eventType: "",
          result: "",
          startTime: "",
          endTime: "",
          billNo: request.billNo ?? "",
          invoiceId: request.invoiceId ?? "",
        },
        paging: { ...firstPage(request.pageSize ?? 10), page: pageNumberOf(request.cursor) },
        choices: callbackApps,
      }),
    ...answers,
  });
  const h = await renderConsole({
    url: `${page.path}${query}`,
    api: fake.api,
    storage: { [storageKeys.token]: loginResult.accessToken, [storageKeys.user]: JSON.stringify(storedUser) },
  });
  await screen.findByRole("heading", { name: String(h.t(page.title as never)), level: 1 });
  return Object.assign(h, { fake }) as CallbacksHarness;
}

/** An attempt's latency as the page writes it (grouped digits in the page's language, en-US here). */
export const latencyText = (h: ConsoleHarness, ms: number) =>
  h.t("callbacks.latency", { ms: formatCount(ms, "en-US") });

export const callbackRow = (attemptId: string) => screen.getByTestId(`callback-row-${attemptId}`);
export const listCalls = (h: CallbacksHarness) => h.fake.calls.filter((c) => c.method === "callbacks.list").length;

/** No dialog of the page is open. */
export async function expectNoDialog() {
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
}

/** The answer of an attempt just sent (redelivery or test), as CallbackAnswer shows it. */
export async function expectAnswer(h: CallbacksHarness, testId: string, attempt: CallbackAttempt) {
  const answer = await screen.findByTestId(testId);
  expect(answer.textContent).toContain(h.t(`callbacks.answer.${attempt.result}`));
  const facts = within(answer).getByTestId(`${testId}-facts`).textContent ?? "";
  expect(facts).toContain(attempt.url);
  expect(facts).toContain(latencyText(h, attempt.latencyMs));
  if (attempt.responseStatus === null) {
    expect(facts).toContain(h.t("callbacks.noAnswer"));
    expect(facts).toContain(attempt.error ?? "");
    expect(within(answer).queryByTestId(`${testId}-body`)).toBeNull();
  } else {
    expect(facts).toContain(String(attempt.responseStatus));
    expect(within(answer).getByTestId(`${testId}-body`).textContent).toBe(attempt.responseBody);
  }
}
