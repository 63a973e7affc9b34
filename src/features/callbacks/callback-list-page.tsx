import { Button } from "@blueprintjs/core";
import { Refresh, SendMessage } from "@blueprintjs/icons";
import { useActorRef, useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { callbackListArea } from "../../../machines/callbacks/callback-list.ts";
import { selectCallbackDetail, selectCallbackTable } from "../../../machines/callbacks/callback-list-selectors.ts";
import { selectCanRedeliver, selectRedeliver } from "../../../machines/callbacks/callback-redeliver-selectors.ts";
import { selectRedeliverFailed } from "../../../machines/callbacks/callback-redeliver-failed-selectors.ts";
import { selectCallbackTest } from "../../../machines/callbacks/callback-test-selectors.ts";
import { selectListChoices } from "../../../machines/lists/list-selectors.ts";
import { ListInUrl } from "../../app/list-in-url.tsx";
import { ListPage } from "../../app/list-page.tsx";
import { type UrlSearch, useSearchInUrl } from "../../app/list-search-url.ts";
import { useServices } from "../../app/services-context.tsx";
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
import "./callbacks.css";

/**
 * Transaction callbacks: every attempt to deliver an event to an application's callback URL, searched and
 * paged; redeliver one, redeliver every failed one since a time, send a test event. The address bar holds the search:
 * `?billNo=` (the link from an application bill's details) or `?invoiceId=` (from an invoice's) opens it filtered to
 * that bill or invoice, a new link starts the page again, and every search is written back.
 */
export default function CallbackListPage() {
  return <ListInUrl area={callbackListArea} page={CallbackList} />;
}

function CallbackList({ url }: { url: UrlSearch }) {
  const { t } = useTranslation();
  const services = useServices();
  const list = useActorRef(provideCallbackList(services), {
    input: { area: callbackListArea, search: url.search, pageSize: url.pageSize },
  });
  useSearchInUrl(list, url);
  const page = { reload: () => list.send({ type: "list.reload" }) };
  const redeliver = useActorRef(provideCallbackRedeliver(services, page));
  const bulk = useActorRef(provideRedeliverFailed(services, page));
  const test = useActorRef(provideCallbackTest(services, page));
  const exporter = useActorRef(provideCallbackExport(services));
  const table = useSelector(list, selectCallbackTable);
  const detail = useSelector(list, selectCallbackDetail);
  const apps = useSelector(list, selectListChoices);
  const redeliverView = useSelector(redeliver, selectRedeliver);
  const canRedeliver = useSelector(redeliver, selectCanRedeliver);
  const bulkView = useSelector(bulk, selectRedeliverFailed);
  const testView = useSelector(test, selectCallbackTest);
  const actions = (
    <>
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
    </>
  );
  return (
    <ListPage
      area={callbackListArea}
      name="callbacks"
      list={list}
      exported={{ exporter, describeFailure: services.describeFailure }}
      actions={actions}
      table={{
        rows: table.kind === "rows",
        node: (
          <CallbackTable
            view={table}
            canRedeliver={canRedeliver}
            onRetry={() => list.send({ type: "list.retry" })}
            onDetails={(attemptId) => list.send({ type: "row.details", key: attemptId })}
            onRedeliver={(attemptId) => redeliver.send({ type: "attempt.redeliver", attemptId })}
          />
        ),
      }}
    >
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
    </ListPage>
  );
}
