import type { CallbackAttempt } from "../../contracts/schemas/callbacks.ts";
import { isFiltered } from "../../machines/lists/list-area.ts";
import type { ListContext, ListLoad } from "../../machines/lists/list-machine.ts";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";
import {
  redeliveredAttempt,
  sampleAttempt,
  testAttempt,
  unansweredAttempt,
} from "../../machines/callbacks/callback-samples.ts";
import { sampleApp } from "./app-edit.model.ts";

const ofApp = { appCode: sampleApp.appCode, appName: sampleApp.name };

/** The fake server's attempts: a deposit's event refused with 500, and one no receiver answered; 23 over 3 pages. */
export const sampleAttempts: CallbackAttempt[] = [sampleAttempt(ofApp), unansweredAttempt(ofApp)];
export const sampleAttemptTotal = 23;
/** The merchant's applications, as the filter and the dialogs offer them. */
export const callbackApps = [{ appCode: sampleApp.appCode, name: sampleApp.name }];
/** The bill of the link from Application bills. */
export const linkedBillNo = sampleAttempts[0]?.billNo ?? "";

/** The redelivery's new attempt (answered 200), and one the receiver did not answer. */
export const redeliveredAnswer = redeliveredAttempt(sampleAttempts[0]);
export const unansweredRedelivery = {
  ...redeliveredAnswer,
  responseStatus: null,
  responseBody: "",
  error: "timeout after 10 s",
  result: "failed" as const,
  deliveryStatus: "pending" as const,
};
/** A test event's attempt answered 200, and one refused with 404. */
export const testAnswer = testAttempt({ ...ofApp, target: "withdraw", url: sampleApp.withdrawCallbackUrl });
export const refusedTestAnswer = testAttempt({
  ...ofApp,
  responseStatus: 404,
  responseBody: "no such route",
  result: "failed",
  deliveryStatus: "failed",
});

type Asked = Pick<ListContext, "search" | "paging" | "choices">;
type AttemptPage = ListLoad & { items: CallbackAttempt[] };
const page = (context: Asked, items: CallbackAttempt[], total: number, pageNo = context.paging.page): AttemptPage => ({
  items,
  ...fakeKeysetPaging(pageNo, context.paging.pageSize, total),
  ...(context.choices === null ? { choices: callbackApps } : {}),
});

/** What the server answers for the list as the machine asks for it: a search finds the unanswered attempt only. */
export const callbackListAnswer = (context: Asked): AttemptPage =>
  isFiltered(context.search)
    ? page(context, [sampleAttempts[1] as CallbackAttempt], 1)
    : page(context, sampleAttempts, sampleAttemptTotal);
