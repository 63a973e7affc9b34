import { Button, Card, H1 } from "@blueprintjs/core";
import { Plus } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { appListArea, switchActionOf } from "../../../machines/apps/app-list.ts";
import { selectAppPlan, selectAppTable } from "../../../machines/apps/app-list-selectors.ts";
import { selectEmail } from "../../../machines/auth/session-selectors.ts";
import { selectListPaging, selectListSearch } from "../../../machines/lists/list-selectors.ts";
import { useServices, useSessionActor } from "../../app/services-context.tsx";
import { ListPaging } from "../../ui/list-paging.tsx";
import { ListSearchForm } from "../../ui/list-search-form.tsx";
import { AppAddDialog } from "./app-add-dialog.tsx";
import { AppEditDialog } from "./app-edit-dialog.tsx";
import { AppPlan } from "./app-plan.tsx";
import { AppTable } from "./app-table.tsx";
import { provideAppAdd, provideAppEdit, provideAppList } from "./apps-machines.ts";
import "../../ui/list-page.css";
import "./apps.css";

/** My applications (spec section 2): the list, add, edit, stop / start, and the credentials behind the e-mail code. */
export default function AppListPage() {
  const { t } = useTranslation();
  const services = useServices();
  const email = useSelector(useSessionActor(), selectEmail);
  const list = useActorRef(provideAppList(services), { input: { area: appListArea } });
  const add = useActorRef(provideAppAdd(services, { added: () => list.send({ type: "list.reload" }) }));
  const edit = useActorRef(
    provideAppEdit(services, { changed: (app) => list.send({ type: "row.updated", row: app }) }),
    {
      input: { email },
    },
  );
  const table = useSelector(list, selectAppTable);
  const search = useSelector(list, selectListSearch);
  const paging = useSelector(list, selectListPaging);
  const plan = useSelector(list, selectAppPlan);
  const canAdd = useSelector(add, (s) => s.can({ type: "dialog.open" }));

  return (
    <section className="page apps-page" aria-labelledby="apps-title">
      <div className="apps-heading">
        <H1 id="apps-title" className="page-title">
          {t("apps.title")}
        </H1>
        <Button
          intent="primary"
          icon={<Plus />}
          text={t("apps.add")}
          disabled={!canAdd}
          onClick={() => add.send({ type: "dialog.open" })}
        />
      </div>
      <AppPlan view={plan} />
      <Card className="apps-card">
        <ListSearchForm
          key={search.revision}
          area={appListArea}
          view={search}
          onSearch={(form) => list.send({ type: "list.search", search: form })}
          onReset={() => list.send({ type: "list.reset" })}
        />
        <AppTable
          view={table}
          onRetry={() => list.send({ type: "list.retry" })}
          onOpen={(action, app) => edit.send({ type: "app.open", action, app })}
          onSwitch={(row) => list.send({ type: "row.act", action: switchActionOf(row.nextStatus), key: row.appCode })}
        />
        {table.kind === "rows" ? (
          <ListPaging
            area="apps"
            view={paging}
            onPage={(page) => list.send({ type: "list.page", page })}
            onPageSize={(pageSize) => list.send({ type: "list.pageSize", pageSize })}
          />
        ) : null}
      </Card>
      <AppAddDialog actor={add} />
      <AppEditDialog actor={edit} email={email} />
    </section>
  );
}
