/**
 * Types for the registries made of one table per area (the endpoint table, contracts/endpoints.ts; the database's
 * tables, server/db/schema.ts): a key two areas both define is a mistake the typecheck names.
 */

/** The keys that two or more of `Tables` share. */
export type SharedKeys<Tables extends readonly object[]> = Tables extends readonly [
  infer First,
  ...infer Rest extends readonly object[],
]
  ? (keyof First & { [I in keyof Rest]: keyof Rest[I] }[number]) | SharedKeys<Rest>
  : never;

/** `true` when no two of `Tables` share a key; otherwise a type naming the shared ones, which `true` does not fit. */
export type EveryKeyOnce<Tables extends readonly object[]> = [SharedKeys<Tables>] extends [never]
  ? true
  : { "defined in two areas": SharedKeys<Tables> };

/** The tables as one: the intersection of them all. */
export type Merged<Tables extends readonly object[]> = Tables extends readonly [
  infer First,
  ...infer Rest extends readonly object[],
]
  ? First & Merged<Rest>
  : unknown;
