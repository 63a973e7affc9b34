import { fromPromise } from "xstate";
import type { Application } from "../../../contracts/schemas/apps.ts";
import { appAddMachine } from "../../../machines/apps/app-add.ts";
import { appEditMachine } from "../../../machines/apps/app-edit.ts";
import { appListArea, statusOfAction } from "../../../machines/apps/app-list.ts";
import { provideList } from "../../app/list-service.ts";
import type { Uses } from "../../app/services.ts";

/** What the page does when a dialog changed an application: show it as the server has it now. */
export interface AppsPage {
  added(): void;
  changed(app: Application): void;
}

/** My applications' list with its effects bound to the API. */
export const provideAppList = ({ api }: Uses<never, "apps" | "orders">) =>
  provideList(appListArea, {
    // The package's limit and use change with every add: read them with each page.
    loadPage: async (request) => {
      const [list, extra] = await Promise.all([api.apps.list(request), api.orders.subscription()]);
      return { ...list, extra };
    },
    runAction: (action, app) => api.apps.setStatus({ appCode: app.appCode, status: statusOfAction(action) }),
  });

/** The add dialog: App/Add, "app created" (spec section 8), and the list asked for again. */
export const provideAppAdd = ({ api, notify, i18n }: Uses<"notify" | "i18n", "apps">, page: Pick<AppsPage, "added">) =>
  appAddMachine.provide({
    actors: { submit: fromPromise(({ input }) => api.apps.add(input)) },
    actions: {
      succeeded: () => {
        notify.success(i18n.t("apps.created"));
        page.added();
      },
    },
  });

/** Edit, credentials and rotation behind the e-mail code, with the spec's messages. */
export const provideAppEdit = (
  { api, notify, i18n }: Uses<"notify" | "i18n", "apps" | "auth">,
  page: Pick<AppsPage, "changed">,
) =>
  appEditMachine.provide({
    actors: {
      checkCode: fromPromise(({ input }) => api.auth.checkCode(input)),
      editApp: fromPromise(({ input }) => api.apps.edit(input)),
      loadCredentials: fromPromise(({ input }) => api.apps.credentials(input)),
      rotateSecret: fromPromise(({ input }) => api.apps.rotateSecret(input)),
    },
    actions: {
      announce: (_, { outcome }) => notify.success(i18n.t(`apps.outcome.${outcome}`)),
      changed: (_, { app }) => page.changed(app),
    },
  });
