import type { Application } from "../../contracts/schemas/apps.ts";
import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";
import { isFiltered } from "../../machines/lists/list-area.ts";
import type { ListContext, ListLoad } from "../../machines/lists/list-machine.ts";
import { sampleApp } from "./app-edit.model.ts";
import { subscription } from "./order-fixtures.ts";

// My applications as the fake server answers them, for the list model's applications (list.model.ts).

export const stoppedApp: Application = {
  ...sampleApp,
  appCode: "2026020100000002",
  name: "Old kiosk",
  status: "stopped",
  remark: "",
  // One row pays any address up to a limit, the other the address book only: the list shows both.
  withdrawAnyAddressDailyLimit: "500",
};

/** The fake server's applications, with the package beside them: 12 over two pages; a search finds the stopped one. */
export function appListAnswer(context: Pick<ListContext, "search" | "paging">): ListLoad & { items: Application[] } {
  const { page } = context.paging;
  const list = isFiltered(context.search)
    ? { items: [stoppedApp], ...fakeKeysetPaging(page, 10, 1) }
    : { items: [sampleApp, stoppedApp], ...fakeKeysetPaging(page, 10, 12) };
  return { ...list, extra: subscription };
}
