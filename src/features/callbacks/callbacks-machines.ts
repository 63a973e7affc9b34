import { fromPromise } from "xstate";
import { maxAppPageSize } from "../../../contracts/schemas/apps.ts";
import { appOptionsOf } from "../../../machines/lists/app-choices.ts";
import { callbackListArea } from "../../../machines/callbacks/callback-list.ts";
import { callbackRedeliverMachine } from "../../../machines/callbacks/callback-redeliver.ts";
import { redeliverFailedMachine } from "../../../machines/callbacks/callback-redeliver-failed.ts";
import { callbackTestMachine } from "../../../machines/callbacks/callback-test.ts";
import { provideListExport } from "../../app/list-export-service.ts";
import { provideList } from "../../app/list-service.ts";
import type { Uses } from "../../app/services.ts";

/** What the page does when a dialog added attempts: the list is asked for again. */
export interface CallbacksPage {
  reload(): void;
}

/** Transaction callbacks' list with its effects bound to the API. */
export const provideCallbackList = ({ api }: Uses<never, "callbacks" | "apps">) =>
  provideList(callbackListArea, {
    // The applications (filter and dialogs) come with the first page; without them the fields take a code.
    loadPage: async (request, withChoices) => {
      const [list, choices] = await Promise.all([
        api.callbacks.list(request),
        withChoices ? api.apps.list({ pageSize: maxAppPageSize }).then(appOptionsOf, () => undefined) : undefined,
      ]);
      return choices ? { ...list, choices } : list;
    },
  });

/** Transaction callbacks' CSV export: the file of the list's filters, then handed to the browser to save. */
export const provideCallbackExport = ({ api, saveFile }: Uses<"saveFile", "callbacks">) =>
  provideListExport(callbackListArea, api.callbacks.export, saveFile);

export const provideCallbackRedeliver = ({ api }: Uses<never, "callbacks">, page: CallbacksPage) =>
  callbackRedeliverMachine.provide({
    actors: { redeliver: fromPromise(({ input }) => api.callbacks.redeliver(input)) },
    actions: { redelivered: () => page.reload() },
  });

export const provideRedeliverFailed = ({ api }: Uses<never, "callbacks">, page: CallbacksPage) =>
  redeliverFailedMachine.provide({
    actors: { redeliverFailed: fromPromise(({ input }) => api.callbacks.redeliverFailed(input)) },
    actions: { queued: () => page.reload() },
  });

export const provideCallbackTest = ({ api }: Uses<never, "callbacks">, page: CallbacksPage) =>
  callbackTestMachine.provide({
    actors: { sendTest: fromPromise(({ input }) => api.callbacks.test(input)) },
    actions: { sent: () => page.reload() },
  });
