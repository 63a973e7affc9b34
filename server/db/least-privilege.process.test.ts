import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../app.ts";
import { pruneExpired } from "../wiring/prune-expired.ts";
import { defaultLimits } from "../domain/platform/limits.ts";
import { startTestPostgres, type TestPostgres } from "../testing/postgres-server.ts";
import { handToOwner, roleUrl } from "../testing/split-roles.ts";
import { seedCode, seedMerchant, testServerSecret } from "../testing/seed.ts";
import { type OpenedDatabase, openDatabase } from "./open-database.ts";

process.env.PASSWORD_HASH_COST ??= "test";

/**
 * ASVS 13.2.2 on the test command's throw-away PostgreSQL (scripts/with-postgres.mjs makes its two roles): the database
 * belongs to mc_owner, which runs the migrations (MIGRATION_DATABASE_URL); the server connects as mc_app (DATABASE_URL)
 * and can read and write rows, and nothing else.
 */
let postgres: TestPostgres | undefined;
let opened: OpenedDatabase | undefined;
let app: FastifyInstance | undefined;
const as = (role: "mc_owner" | "mc_app") => roleUrl(postgres!, role);

beforeAll(async () => {
  postgres = await startTestPostgres();
  await handToOwner(postgres);
  opened = await openDatabase({ databaseUrl: as("mc_app"), migrationUrl: as("mc_owner") });
  app = await buildServer({
    db: opened.db,
    secret: testServerSecret,
    pruneEveryMs: 0,
    liveEvents: { listen: opened.listen },
  });
});

afterAll(async () => {
  await app?.close();
  await opened?.close();
  await postgres?.stop();
});

const refusalOf = (statement: string) =>
  sql
    .raw(statement)
    .execute(opened!.db)
    .then(
      () => "done",
      (error: { code?: string }) => error.code,
    );

describe("instances started together (deploy/compose.yaml's two)", () => {
  it("take turns at the owner's step: four opened at once all start, none refused by racing grants", async () => {
    // Without the advisory lock (open-database.ts), concurrent GRANTs on the same tables fail with PostgreSQL's
    // "tuple concurrently updated" (XX000), which ended one of two containers started at once.
    const all = await Promise.allSettled(
      [1, 2, 3, 4].map(() => openDatabase({ databaseUrl: as("mc_app"), migrationUrl: as("mc_owner") })),
    );
    for (const one of all) if (one.status === "fulfilled") await one.value.close();
    expect(all.map((one) => (one.status === "fulfilled" ? "opened" : String(one.reason)))).toEqual(
      Array(4).fill("opened"),
    );
  });
});

describe("the server's PostgreSQL role (ASVS 13.2.2)", () => {
  it("cannot create, alter, drop or truncate a table, nor touch the migrations' records", async () => {
    // 42501: insufficient_privilege.
    expect(await refusalOf("create table intruder (id int)")).toBe("42501");
    expect(await refusalOf("create schema intruder")).toBe("42501");
    expect(await refusalOf("drop table security_events")).toBe("42501");
    expect(await refusalOf("alter table merchants add column intruder int")).toBe("42501");
    expect(await refusalOf("truncate sessions")).toBe("42501");
    expect(await refusalOf("create index intruder on merchants (email)")).toBe("42501");
    expect(await refusalOf("delete from kysely_migration")).toBe("42501");
    expect(await refusalOf("alter table merchants owner to mc_app")).toBe("42501");
  });

  it("reads and writes rows: the app signs in, changes a password, lists its security activity and prunes", async () => {
    const call = async (method: "GET" | "POST", url: string, body?: object, token?: string) =>
      (
        await app!.inject({
          method,
          url,
          payload: body,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        })
      ).json();
    await seedMerchant(opened!.db, { email: "least@example.com", password: "Least7Password" });
    const signedIn = await call("POST", "/api/Login/Login", { email: "least@example.com", password: "Least7Password" });
    expect(signedIn.success).toBe(true);
    const token = signedIn.resData.accessToken as string;
    await seedCode(opened!.db, { email: "least@example.com", purpose: "change-password", code: "123456" });
    const change = {
      oldPassword: "Least7Password",
      code: "123456",
      password: "Other7Password",
      repeatPassword: "Other7Password",
    };
    expect((await call("POST", "/api/User/UpdatePwd", change, token)).success).toBe(true);
    const activity = await call("POST", "/api/User/SecurityActivity", {}, token);
    expect(activity.resData.items.map((e: { kind: string }) => e.kind)).toEqual([
      "sessionsRevoked",
      "passwordChange",
      "signIn",
    ]);
    expect((await call("POST", "/api/Package/List", {}, token)).success).toBe(true);
    await pruneExpired(opened!.db, new Date(), defaultLimits);
  });

  it("refuses to start when DATABASE_URL's role could change the schema", async () => {
    await expect(openDatabase({ databaseUrl: as("mc_owner"), migrationUrl: as("mc_owner") })).rejects.toThrow(
      /role mc_owner owns tables of the schema/,
    );
    await expect(openDatabase({ databaseUrl: postgres!.databaseUrl, migrationUrl: as("mc_owner") })).rejects.toThrow(
      /is a superuser/,
    );
  });
});
