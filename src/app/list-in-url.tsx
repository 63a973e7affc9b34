import type { ComponentType } from "react";
import type { ListArea } from "../../machines/lists/list-area.ts";
import { type UrlSearch, useUrlSearch } from "./list-search-url.ts";

interface ListInUrlProps {
  area: Pick<ListArea, "fields" | "pageSizes" | "defaultPageSize">;
  /** The page around its list: it starts the list from `url.search` and `url.pageSize` and writes them back (`useSearchInUrl`). */
  page: ComponentType<{ url: UrlSearch }>;
}

/**
 * A list page whose search is the address bar's: drawn from the link's query, and drawn again (its list started
 * anew) when a link changes the query while the page is open.
 */
export function ListInUrl({ area, page: Page }: ListInUrlProps) {
  const url = useUrlSearch(area);
  return <Page key={url.key} url={url} />;
}
