import { describe, expect, it } from "vitest";
import { seedApplication, seedMerchant, seedMessage } from "../testing/seed.ts";
import { databaseUpTo } from "../testing/database-up-to.ts";
import { migrateToLatest } from "./migrations.ts";

/**
 * Migration 0038 on a database of the schema before it (0037): the first-application to-do of a merchant who already
 * has an application reads Done; that of one who has none stays Not started.
 */
const database = databaseUpTo("0037_gas_books");

describe("migration 0038_first_application_done", () => {
  it("marks the to-do done where the merchant has an application, and only there", async () => {
    const { db } = database;
    const todo = async (email: string, withApplication: boolean) => {
      const { userId } = await seedMerchant(db, { email, password: "Before7Pass" });
      if (withApplication) await seedApplication(db, { userId });
      const title = "Create your first application";
      return (await seedMessage(db, { userId, type: "todo", kind: "firstApplication", title })).messageId;
    };
    const built = await todo("built@example.com", true);
    const waiting = await todo("waiting@example.com", false);

    await migrateToLatest(db);

    const types = await db.selectFrom("messages").select(["id", "message_type"]).orderBy("id").execute();
    expect(types).toEqual([
      { id: built, message_type: 1 },
      { id: waiting, message_type: 0 },
    ]);
  });
});
