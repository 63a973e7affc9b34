import type { PGlite } from "@electric-sql/pglite";
import type { Kysely } from "kysely";
import type { Db } from "pg-boss";
import type { DB } from "../../db/schema.ts";

/**
 * pg-boss's statements on the server's PGlite, each taking its turn on the connection Kysely lends out
 * (prioritised-pglite.ts): never in the middle of another request's transaction, and behind sign-ins.
 */
export function pgBossOverLine(db: Kysely<DB>, pglite: PGlite): Db {
  return {
    executeSql: (text, values) =>
      db.connection().execute(async () => {
        try {
          if (values?.length) return await pglite.query(text, values);
          // Without parameters pg-boss may send several statements at once (its schema, BEGIN … COMMIT blocks):
          // only exec takes them, answering one result each; a RETURNING may sit before the COMMIT.
          const results = await pglite.exec(text);
          return { rows: results.flatMap((result) => result.rows) };
        } catch (error) {
          // A failed statement of such a block leaves the one session in an aborted transaction: end it while the
          // turn is still ours, or the next request would inherit it.
          if (pglite.isInTransaction()) await pglite.exec("ROLLBACK").catch(() => undefined);
          throw error;
        }
      }),
  };
}
