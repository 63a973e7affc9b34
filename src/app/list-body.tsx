import { useSelector } from "@xstate/react";
import type { ComponentProps, ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import type { AnyListArea } from "../../machines/lists/list-area.ts";
import { selectExport } from "../../machines/lists/list-export-selectors.ts";
import type { listExportMachine } from "../../machines/lists/list-export.ts";
import type { listMachine } from "../../machines/lists/list-machine.ts";
import {
  selectListExportRequest,
  selectListPaging,
  selectListSearch,
  selectListShowsNoRow,
} from "../../machines/lists/list-selectors.ts";
import { ExportControl } from "../ui/export-control.tsx";
import { ListPaging } from "../ui/list-paging.tsx";
import { ListSearchForm } from "../ui/list-search-form.tsx";
import type { PagedArea } from "../ui/paging-summary.ts";

type ListActor = ActorRefFrom<typeof listMachine>;
type DescribeFailure = ComponentProps<typeof ExportControl>["describeFailure"];

/** A list's CSV export: its machine and the words of its failure (the page's services). */
export interface ListExportProps {
  exporter: ActorRefFrom<typeof listExportMachine>;
  describeFailure: DescribeFailure;
}

/** The area's table, drawn by the page from its own selector; `rows`: it shows rows, so the paging goes under it. */
export interface ListTableSlot {
  node: ReactNode;
  rows: boolean;
}

interface ListBodyProps {
  area: AnyListArea;
  /** The area's name as its paging's strings are keyed (`<area>.pagination.*`). */
  paged: PagedArea;
  list: ListActor;
  /** Its export, for a list that has one. */
  exported?: ListExportProps;
  table: ListTableSlot;
}

/** What every list holds around its table: the search form from the area's fields, the export, the paging. */
export function ListBody({ area, paged, list, exported, table }: ListBodyProps) {
  const search = useSelector(list, selectListSearch);
  const paging = useSelector(list, selectListPaging);
  return (
    <>
      <ListSearchForm
        key={search.revision}
        area={area}
        view={search}
        onSearch={(form) => list.send({ type: "list.search", search: form })}
        onReset={() => list.send({ type: "list.reset" })}
      />
      {exported ? <ListExport name={area.name} list={list} {...exported} /> : null}
      {table.node}
      {table.rows ? (
        <ListPaging
          area={paged}
          view={paging}
          onPage={(page) => list.send({ type: "list.page", page })}
          onPageSize={(pageSize) => list.send({ type: "list.pageSize", pageSize })}
        />
      ) : null}
    </>
  );
}

/** The export of what the list's search found (its status test id `<area>-export`). */
function ListExport({ name, list, exporter, describeFailure }: ListExportProps & { name: string; list: ListActor }) {
  const exportView = useSelector(exporter, selectExport);
  const exportRequest = useSelector(list, selectListExportRequest);
  const nothing = useSelector(list, selectListShowsNoRow);
  return (
    <ExportControl
      view={exportView}
      nothing={nothing}
      statusTestId={`${name}-export`}
      describeFailure={describeFailure}
      onStart={() => exporter.send({ type: "export.start", request: exportRequest })}
      onCancel={() => exporter.send({ type: "export.cancel" })}
    />
  );
}
