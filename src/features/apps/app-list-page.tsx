import { Button, Card, H1 } from "@blueprintjs/core";
import { ChevronLeft, ChevronRight, Plus } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import {
  selectAppPaging,
  selectAppPlan,
  selectAppSearch,
  selectAppTable,
} from "../../../machines/apps/app-list-selectors.ts";
import { selectEmail } from "../../../machines/auth/session-selectors.ts";
import { useServices, useSessionActor } from "../../app/services-context.tsx";
import { AppAddDialog } from "./app-add-dialog.tsx";
import { AppEditDialog } from "./app-edit-dialog.tsx";
import { AppPlan } from "./app-plan.tsx";
import { AppSearchForm } from "./app-search-form.tsx";
import { AppTable } from "./app-table.tsx";
import { provideAppAdd, provideAppEdit, provideAppList } from "./apps-machines.ts";
import "./apps.css";

/** My applications (spec section 2): the list, add, edit, stop / start, and the credentials behind the e-mail code. */
export default function AppListPage() {
  const { t } = useTranslation();
  const services = useServices();
  const email = useSelector(useSessionActor(), selectEmail);
  const list = useActorRef(provideAppList(services));
  const add = useActorRef(provideAppAdd(services, { added: () => list.send({ type: "apps.reload" }) }));
  const edit = useActorRef(provideAppEdit(services, { changed: (app) => list.send({ type: "app.changed", app }) }), {
    input: { email },
  });
  const table = useSelector(list, selectAppTable);
  const search = useSelector(list, selectAppSearch);
  const paging = useSelector(list, selectAppPaging);
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
        <AppSearchForm view={search} onSearch={(form) => list.send({ type: "apps.search", ...form })} />
        <AppTable
          view={table}
          onRetry={() => list.send({ type: "apps.retry" })}
          onOpen={(action, app) => edit.send({ type: "app.open", action, app })}
          onSwitch={(row) => list.send({ type: "app.setStatus", appCode: row.appCode, status: row.nextStatus })}
        />
        {table.kind === "rows" && paging.pageCount > 1 ? (
          <nav className="app-pagination" aria-label={t("apps.pagination.label")}>
            <span data-testid="apps-summary">
              {t("apps.pagination.summary", { count: paging.total, page: paging.page, pageCount: paging.pageCount })}
            </span>
            <span className="app-pagination-pages">
              <Button
                size="small"
                variant="minimal"
                icon={<ChevronLeft />}
                aria-label={t("apps.pagination.previous")}
                disabled={!paging.canPrevious}
                onClick={() => list.send({ type: "apps.page", page: paging.page - 1 })}
              />
              <Button
                size="small"
                variant="minimal"
                icon={<ChevronRight />}
                aria-label={t("apps.pagination.next")}
                disabled={!paging.canNext}
                onClick={() => list.send({ type: "apps.page", page: paging.page + 1 })}
              />
            </span>
          </nav>
        ) : null}
      </Card>
      <AppAddDialog actor={add} />
      <AppEditDialog actor={edit} email={email} />
    </section>
  );
}
