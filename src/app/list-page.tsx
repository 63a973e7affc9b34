import { Card } from "@blueprintjs/core";
import type { ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import type { AnyListArea } from "../../machines/lists/list-area.ts";
import type { listMachine } from "../../machines/lists/list-machine.ts";
import type { PagedArea } from "../ui/paging-summary.ts";
import { ListBody, type ListExportProps, type ListTableSlot } from "./list-body.tsx";
import { ListHeading } from "./list-heading.tsx";
import "../ui/list-page.css";

interface ListPageProps {
  area: AnyListArea;
  /** The list's name: its strings (`<name>.title` …), the page's class `<name>-page` and its card's `<name>-card`. */
  name: PagedArea;
  list: ActorRefFrom<typeof listMachine>;
  exported?: ListExportProps;
  /** What the page offers beside its title (Add, Buy …). */
  actions?: ReactNode;
  /** What the page says between its title and the list (an introduction, the plan's limits). */
  lead?: ReactNode;
  table: ListTableSlot;
  /** The page's dialogs. */
  children?: ReactNode;
}

/**
 * A list page: its title (with the live tag of a live list) and actions, the list in a card — search, export, the
 * area's table, paging — and the page's dialogs. A page gives only what is its own: the table, its lead, its dialogs.
 */
export function ListPage({ area, name, list, exported, actions, lead, table, children }: ListPageProps) {
  return (
    <section className={`page ${name}-page`} aria-labelledby={`${name}-title`}>
      <ListHeading area={name} list={list} actions={actions} />
      {lead}
      <Card className={`${name}-card`}>
        <ListBody area={area} paged={name} list={list} exported={exported} table={table} />
      </Card>
      {children}
    </section>
  );
}
