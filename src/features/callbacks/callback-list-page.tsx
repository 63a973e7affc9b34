import { Button, Card, H1 } from "@blueprintjs/core";
import { Refresh, SendMessage } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { callbackListArea } from "../../../machines/callbacks/callback-list.ts";
import { selectCallbackDetail, selectCallbackTable } from "../../../machines/callbacks/callback-list-selectors.ts";
import {
  selectListChoices,
  selectListExportRequest,
  selectListPaging,
  selectListSearch,
} from "../../../machines/lists/list-selectors.ts";
import { selectCanRedeliver, selectRedeliver } from "../../../machines/callbacks/callback-redeliver-selectors.ts";
import { selectRedeliverFailed } from "../../../machines/callbacks/callback-redeliver-failed-selectors.ts";
import { selectCallbackTest } from "../../../machines/callbacks/callback-test-selectors.ts";
import { useServices } from "../../app/services-context.tsx";
import { selectExport } from "../../../machines/lists/list-export-selectors.ts";
import { ExportControl } from "../../ui/export-control.tsx";
import { ListPaging } from "../../ui/list-paging.tsx";
import { ListSearchForm } from "../../ui/list-search-form.tsx";
import { CallbackDetailDialog } from "./callback-detail-dialog.tsx";
import { CallbackRedeliverDialog } from "./callback-redeliver-dialog.tsx";
import { CallbackTable } from "./callback-table.tsx";
import { CallbackTestDialog } from "./callback-test-dialog.tsx";
import {
  provideCallbackExport,
  provideCallbackList,
  provideCallbackRedeliver,
  provideCallbackTest,
  provideRedeliverFailed,
} from "./callbacks-machines.ts";
import { RedeliverFailedDialog } from "./redeliver-failed-dialog.tsx";
import "../../ui/list-page.css";
import "./callbacks.css";

/**
 * Transaction callbacks (issue 28): every attempt to deliver an event to an application's callback URL, searched and
 * paged; redeliver one, redeliver every failed one since a time, send a test event. `?billNo=` (the link from an
 * application bill's details) opens it filtered to that bill; a new link starts the page again.
 */
export default function CallbackListPage() {
  const [params] = useSearchParams();
  const billNo = params.get("billNo") ?? "";
  return <CallbackList key={billNo} billNo={billNo} />;
}

function CallbackList({ billNo }: { billNo: string }) {
  const { t } = useTranslation();
  const services = useServices();
  const list = useActorRef(provideCallbackList(services), { input: { area: callbackListArea, search: { billNo } } });
  const page = { reload: () => list.send({ type: "list.reload" }) };
  const redeliver = useActorRef(provideCallbackRedeliver(services, page));
  const bulk = useActorRef(provideRedeliverFailed(services, page));
  const test = useActorRef(provideCallbackTest(services, page));
  const search = useSelector(list, selectListSearch);
  const table = useSelector(list, selectCallbackTable);
  const paging = useSelector(list, selectListPaging);
  const detail = useSelector(list, selectCallbackDetail);
  const apps = useSelector(list, selectListChoices);
  const redeliverView = useSelector(redeliver, selectRedeliver);
  const canRedeliver = useSelector(redeliver, selectCanRedeliver);
  const bulkView = useSelector(bulk, selectRedeliverFailed);
  const testView = useSelector(test, selectCallbackTest);
  const exporter = useActorRef(provideCallbackExport(services));
  const exportView = useSelector(exporter, selectExport);
  const exportRequest = useSelector(list, selectListExportRequest);

  return (
    <section className="page callbacks-page" aria-labelledby="callbacks-title">
      <div className="callbacks-heading">
        <H1 id="callbacks-title" className="page-title">
          {t("callbacks.title")}
        </H1>
        <span className="callbacks-heading-actions">
          <Button
            icon={<Refresh />}
            text={t("callbacks.redeliverFailed.open")}
            onClick={() => bulk.send({ type: "dialog.open" })}
          />
          <Button
            intent="primary"
            icon={<SendMessage />}
            text={t("callbacks.test.open")}
            onClick={() => test.send({ type: "dialog.open" })}
          />
        </span>
      </div>
      <Card className="callbacks-card">
        <ListSearchForm
          key={search.revision}
          area={callbackListArea}
          view={search}
          onSearch={(form) => list.send({ type: "list.search", search: form })}
          onReset={() => list.send({ type: "list.reset" })}
        />
        <ExportControl
          view={exportView}
          statusTestId="callbacks-export"
          describeFailure={services.describeFailure}
          onStart={() => exporter.send({ type: "export.start", request: exportRequest })}
          onCancel={() => exporter.send({ type: "export.cancel" })}
        />
        <CallbackTable
          view={table}
          canRedeliver={canRedeliver}
          onRetry={() => list.send({ type: "list.retry" })}
          onDetails={(attemptId) => list.send({ type: "row.details", key: attemptId })}
          onRedeliver={(attemptId) => redeliver.send({ type: "attempt.redeliver", attemptId })}
        />
        {table.kind === "rows" ? (
          <ListPaging
            area="callbacks"
            view={paging}
            onPage={(to) => list.send({ type: "list.page", page: to })}
            onPageSize={(pageSize) => list.send({ type: "list.pageSize", pageSize })}
          />
        ) : null}
      </Card>
      <CallbackDetailDialog view={detail} onClose={() => list.send({ type: "details.close" })} />
      <CallbackRedeliverDialog view={redeliverView} onClose={() => redeliver.send({ type: "redeliver.close" })} />
      <RedeliverFailedDialog
        view={bulkView}
        apps={apps}
        onSubmit={(form) => bulk.send({ type: "failed.redeliver", ...form })}
        onClose={() => bulk.send({ type: "dialog.close" })}
      />
      <CallbackTestDialog
        view={testView}
        apps={apps}
        onSend={(form) => test.send({ type: "test.send", ...form })}
        onAgain={() => test.send({ type: "test.again" })}
        onClose={() => test.send({ type: "dialog.close" })}
      />
    </section>
  );
}
