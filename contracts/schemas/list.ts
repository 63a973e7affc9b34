import * as z from "zod/mini";

/**
 * The one list shape of the wire: every list area's request is its own filters plus `cursor` and
 * `pageSize`, and every answer is its rows plus the cursors of the pages around them and a total that may be capped.
 * Pages are keyset pages (newest first, then by id): a page is the rows after (or before) the cursor's row, so rows
 * inserted while a merchant pages are neither shown twice nor skipped.
 */

/** Counting stops here: a larger list's total is shown as "10,000+". */
export const listTotalCap = 10_000;

/**
 * Opaque and checked by the server: it names its list, its merchant and the filters it was made under, so a tampered
 * cursor, another list's, another merchant's or one sent with other filters is refused (`listCursorInvalid`).
 */
export const listCursor = z
  .string()
  .check(z.minLength(1), z.maxLength(512), z.regex(/^[A-Za-z0-9_.-]+$/, "validation.invalidCharacters"));

/** What a list request adds to the area's filters: where the page starts and how many rows it holds. */
export const listPaging = (maxPageSize: number) => ({
  /** The `nextCursor` or `previousCursor` of the page before; without it, the first page (the newest rows). */
  cursor: z.optional(listCursor),
  pageSize: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(maxPageSize))),
});

/** A page of a list: its rows, the cursors to the pages after and before it, and how many rows the filters select. */
export const listPage = <Row extends z.ZodMiniType>(row: Row) =>
  z.object({
    items: z.array(row),
    pageSize: z.number(),
    /** The page after this one (older rows); null on the last page. */
    nextCursor: z.nullable(listCursor),
    /** The page before this one (newer rows); null on the first page. */
    previousCursor: z.nullable(listCursor),
    /** How many rows the filters select, counted on the first page only (null on the others: keep the first's). */
    total: z.nullable(z.number()),
    /** The count stopped at `listTotalCap`: there are at least `total` rows. */
    totalCapped: z.boolean(),
  });
