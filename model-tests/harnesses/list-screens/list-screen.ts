import type { ListSnapshot } from "../../../machines/lists/list-selectors.ts";
import type { Method } from "../../framework/fake-api.ts";
import type { ConsoleHarness } from "../../framework/render-console.tsx";
import type { CallbacksHarness } from "../callback-pages.ts";

/**
 * What the list model's harness (list.model-test.tsx) checks and does that is an area's own: its rows' cells, its
 * details dialog, and what adds rows to it (Transaction callbacks: a test event).
 */
export interface ListScreen {
  path: string;
  /** The page's heading (its h1), when the list is not the page (`<area>.title` otherwise). */
  title?: string;
  /** The API call the list's pages come from, when it is not `<area>.list`. */
  listMethod?: Method;
  rowTestId(key: string): string;
  /** The empty list says how rows arrive, with a link to My applications. */
  emptyHint: boolean;
  expectRow(h: ConsoleHarness, row: unknown): Promise<void>;
  expectDetail(h: ConsoleHarness, s: ListSnapshot): Promise<void>;
  /** Something the merchant does that adds rows, answered at once; `loading`: a list answer is under way. */
  addRows?(h: CallbacksHarness, loading: boolean): Promise<void>;
  /** What the page's live stream sends that asks the list again, rather than being a row of it (My wallet's records). */
  streamed?: unknown;
  /** A row action's dialog, open; and closing it. */
  expectActing?(h: ConsoleHarness, s: ListSnapshot): Promise<void>;
  finishAction?(h: ConsoleHarness, action: string): Promise<void>;
  /** A row's `call` action under way. */
  expectCalling?(h: ConsoleHarness, s: ListSnapshot): Promise<void>;
  /** What the rows shown say besides themselves (a refused call, a dialog's notice). */
  expectReady?(h: CallbacksHarness, s: ListSnapshot): Promise<void>;
  /** A row changed by the merchant through a dialog of the page (without it: the live stream says so). */
  updateRow?(h: ConsoleHarness, row: unknown): Promise<void>;
}
