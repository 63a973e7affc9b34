import { it } from "vitest";
import { postgresRunCovers } from "./test-database.ts";

/** A database test that proves engine-neutral SQL: in npm test it runs once, on PostgreSQL (scripts/database-tests.ts). */
export const itOnce = it.skipIf(postgresRunCovers);
