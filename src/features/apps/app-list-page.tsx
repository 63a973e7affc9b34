import { Button } from "@blueprintjs/core";
import { Plus } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { appListArea, switchActionOf } from "../../../machines/apps/app-list.ts";
import { selectAppPlan, selectAppTable } from "../../../machines/apps/app-list-selectors.ts";
import { selectEmail } from "../../../machines/auth/session-selectors.ts";
import { ListInUrl } from "../../app/list-in-url.tsx";
import { ListPage } from "../../app/list-page.tsx";
import { type UrlSearch, useSearchInUrl } from "../../app/list-search-url.ts";
import { useServices, useSessionActor } from "../../app/services-context.tsx";
import { AppAddDialog } from "./app-add-dialog.tsx";
import { AppEditDialog } from "./app-edit-dialog.tsx";
import { AppPlan } from "./app-plan.tsx";
import { AppTable } from "./app-table.tsx";
import { provideAppAdd, provideAppEdit, provideAppList } from "./apps-machines.ts";
import "./apps.css";

/**
 * My applications (spec section 2): the list (its search in the address bar), add, edit, stop / start, and the
 * credentials behind the e-mail code.
 */
export default function AppListPage() {
  return <ListInUrl area={appListArea} page={AppList} />;
}

function AppList({ url }: { url: UrlSearch }) {
  const { t } = useTranslation();
  const services = useServices();
  const email = useSelector(useSessionActor(), selectEmail);
  const list = useActorRef(provideAppList(services), {
    input: { area: appListArea, search: url.search, pageSize: url.pageSize },
  });
  useSearchInUrl(list, url);
  const add = useActorRef(provideAppAdd(services, { added: () => list.send({ type: "list.reload" }) }));
  const edit = useActorRef(
    provideAppEdit(services, { changed: (app) => list.send({ type: "row.updated", row: app }) }),
    { input: { email } },
  );
  const table = useSelector(list, selectAppTable);
  const plan = useSelector(list, selectAppPlan);
  const canAdd = useSelector(add, (s) => s.can({ type: "dialog.open" }));
  return (
    <ListPage
      area={appListArea}
      name="apps"
      list={list}
      actions={
        <Button
          intent="primary"
          icon={<Plus />}
          text={t("apps.add")}
          disabled={!canAdd}
          onClick={() => add.send({ type: "dialog.open" })}
        />
      }
      lead={<AppPlan view={plan} />}
      table={{
        rows: table.kind === "rows",
        node: (
          <AppTable
            view={table}
            onRetry={() => list.send({ type: "list.retry" })}
            onOpen={(action, app) => edit.send({ type: "app.open", action, app })}
            onSwitch={(row) => list.send({ type: "row.act", action: switchActionOf(row.nextStatus), key: row.appCode })}
          />
        ),
      }}
    >
      <AppAddDialog actor={add} />
      <AppEditDialog actor={edit} email={email} />
    </ListPage>
  );
}
