import type { ColumnType } from "kysely";

/** Identity columns are int8; both drivers hand them over as strings (see open-database.ts). */
export type Id = ColumnType<string, never, never>;

export type IdRef = ColumnType<string, string, string>;

/** int8 columns of the chain tables: both drivers hand them over as strings; written as strings too. */
export type Int8 = ColumnType<string, string, string>;

/** numeric columns: both drivers hand them over as strings, and they are written as strings: no float ever rounds money. */
export type Numeric = ColumnType<string, string, string>;
