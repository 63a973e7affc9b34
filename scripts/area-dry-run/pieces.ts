// The throwaway area of `npm run area-dry-run` ("notes", a merchant's notes list), as pieces that each add one file or
// edit one anchor of the tree. Written against `Files` so the CLI applies them to a scratch worktree and
// scripts/area-dry-run.test.ts (in test:quick) to the working tree in memory: an anchor a later change moved fails
// there, the day it moves, rather than the next time someone runs the dry run.
import { createHash } from "node:crypto";
import { machineCode, notesPage, selectorInMachineCode, words } from "./notes-code.ts";

/** Where the pieces read and write, relative to the repository's root. */
export interface Files {
  read(path: string): string;
  write(path: string, text: string): void;
}

export interface Piece {
  file: string;
  apply(): void;
  /** What a hurried engineer does instead, when it is not simply nothing. */
  instead?: () => void;
}

/** Every piece of the notes area, in the order a person would add them. */
export function areaPieces(files: Files): Piece[] {
  const write = (path: string, text: string) => files.write(path, text);
  const edit = (path: string, anchor: string, insert: string, where: "before" | "after" = "after") => {
    const text = files.read(path);
    if (!text.includes(anchor)) throw new Error(`${path}: anchor not found: ${anchor}`);
    files.write(path, text.replace(anchor, where === "after" ? anchor + insert : insert + anchor));
  };
  /** `text` with `from` replaced by `to`; `from` must be in it. */
  const swap = (text: string, from: string, to: string) => {
    if (!text.includes(from)) throw new Error(`not found: ${from}`);
    return text.replace(from, to);
  };
  const editJson = (path: string, change: (json: Record<string, Record<string, string>>) => void) => {
    const json = JSON.parse(files.read(path));
    change(json);
    files.write(path, `${JSON.stringify(json, null, 2)}\n`);
  };
  const strings = (locale: string) =>
    editJson(`locales/${locale}.json`, (json) => {
      const [title, empty, failed] = words[locale] as [string, string, string];
      json.menu = { ...json.menu, notes: title };
      json.notes = { title, empty, failed };
    });

  /** The notes area's migration: the number after the last one shipped (server/db/shipped-migrations.sha256). */
  const notesMigration = (() => {
    const shipped = files.read("server/db/shipped-migrations.sha256");
    const last = [...shipped.matchAll(/migrations\/(\d{4})-/g)].at(-1)?.[1];
    if (!last) throw new Error("server/db/shipped-migrations.sha256: no migration to follow");
    const number = String(Number(last) + 1).padStart(4, "0");
    return { file: `${number}-notes.ts`, name: `migration${number}Notes` };
  })();

  return [
    {
      file: "contracts/schemas/notes.ts",
      apply: () =>
        write(
          "contracts/schemas/notes.ts",
          `import * as z from "zod/mini";\nimport { listPage, listPaging } from "./list.ts";\n\nexport const note = z.object({ id: z.string(), text: z.string(), createdAt: z.string() });\nexport type Note = z.infer<typeof note>;\nexport const noteListRequest = z.strictObject({ text: z.optional(z.string().check(z.maxLength(64))), ...listPaging(100) });\nexport type NoteListRequest = z.infer<typeof noteListRequest>;\nexport const noteListResult = listPage(note);\nexport type NoteListResult = z.infer<typeof noteListResult>;\n`,
        ),
    },
    {
      file: "contracts/endpoints/notes.ts",
      apply: () => {
        write(
          "contracts/endpoints/notes.ts",
          `import { type Endpoint, endpoint } from "../endpoint.ts";\nimport { noteListRequest, noteListResult } from "../schemas/notes.ts";\n\nexport const notesEndpoints = {\n  noteList: endpoint({ area: "notes", call: "list", method: "POST", path: "/api/Note/List", body: noteListRequest, query: null, result: noteListResult, auth: true, source: "proposed" }),\n} as const satisfies Record<string, Endpoint>;\n`,
        );
      },
    },
    {
      file: "server/db/migrations/00NN-notes.ts, the next number (and its line in shipped-migrations.sha256)",
      apply: () => {
        const text = `import { sql } from "kysely";\nimport type { Migration } from "kysely/migration";\n\nexport const ${notesMigration.name}: Migration = {\n  async up(db) {\n    await sql\`create table notes (id bigint generated always as identity primary key, merchant_id bigint not null references merchants (id), text text not null, created_at timestamptz not null default now())\`.execute(db);\n    await sql\`create index notes_by_merchant on notes (merchant_id, created_at desc, id desc)\`.execute(db);\n  },\n};\n`;
        write(`server/db/migrations/${notesMigration.file}`, text);
        const hash = createHash("sha256").update(text).digest("hex");
        const shipped = files.read("server/db/shipped-migrations.sha256");
        files.write("server/db/shipped-migrations.sha256", `${shipped}${hash}  migrations/${notesMigration.file}\n`);
      },
    },
    {
      file: "server/db/schema/notes.ts",
      apply: () => {
        write(
          "server/db/schema/notes.ts",
          `import type { ColumnType } from "kysely";\nimport type { Id, IdRef } from "./columns.ts";\n\nexport interface NotesTable {\n  id: Id;\n  merchant_id: IdRef;\n  text: string;\n  created_at: ColumnType<Date, never, never>;\n}\n\n/** The notes area's tables, its part of \`DB\` (server/db/schema.ts). */\nexport interface NotesTables {\n  notes: NotesTable;\n}\n`,
        );
      },
    },
    {
      file: "server/routes/notes.ts",
      apply: () => {
        write(
          "server/routes/notes.ts",
          `import { listNotes } from "../domain/notes/notes.ts";\nimport type { HandlerTable } from "../http/handler.ts";\n\nexport const noteHandlers: Pick<HandlerTable, "noteList"> = {\n  noteList: { handle: ({ db, body, session, services }) => listNotes(db, session.scope, body, services.secret) },\n};\n`,
        );
      },
    },
    {
      file: "server/domain/notes/notes.ts (the use case the route calls)",
      apply: () =>
        write(
          "server/domain/notes/notes.ts",
          `import type { Kysely } from "kysely";\nimport type { NoteListRequest, NoteListResult } from "../../../contracts/schemas/notes.ts";\nimport type { DB } from "../../db/schema.ts";\nimport { type KeysetList, wirePage } from "../platform/keyset-page.ts";\nimport type { MerchantScope } from "../platform/merchant-scope.ts";\nimport type { Outcome } from "../platform/outcome.ts";\n\nconst noteKeyset: KeysetList = { name: "notes", time: "notes.created_at", id: "notes.id" };\n\n/** The merchant's notes, newest first, a keyset page at a time. */\nexport function listNotes(db: Kysely<DB>, scope: MerchantScope, search: NoteListRequest, secret: Buffer): Promise<Outcome<NoteListResult>> {\n  const { cursor, pageSize = 10, ...filters } = search;\n  let query = db.selectFrom("notes").select(["id", "text", "created_at"]).where("merchant_id", "=", scope.merchantId);\n  if (filters.text) query = query.where("text", "=", filters.text);\n  const request = { secret, merchantId: scope.merchantId, filters, cursor, pageSize };\n  return wirePage(db, query, noteKeyset, request, (row) => ({ id: row.id, text: row.text, createdAt: row.created_at.toISOString() }));\n}\n`,
        ),
      // The route runs the query itself.
      instead: () =>
        write(
          "server/routes/notes.ts",
          `import { ok } from "../domain/platform/outcome.ts";\nimport type { HandlerTable } from "../http/handler.ts";\n\nexport const noteHandlers: Pick<HandlerTable, "noteList"> = {\n  noteList: {\n    handle: async ({ db, session }) => {\n      const rows = await db.selectFrom("notes").select(["id", "text", "created_at"]).where("merchant_id", "=", session.scope.merchantId).execute();\n      const items = rows.map((row) => ({ id: row.id, text: row.text, createdAt: row.created_at.toISOString() }));\n      return ok({ items, pageSize: items.length, nextCursor: null, previousCursor: null, total: items.length, totalCapped: false });\n    },\n  },\n};\n`,
        ),
    },
    {
      file: "server/http/cross-merchant.test.ts (the case)",
      apply: () =>
        edit(
          "server/http/cross-merchant.test.ts",
          "const cases: Record<AuthenticatedEndpoint, Case> = {",
          `\n  noteList: { attacks: () => [{ outcome: "answered" }] },`,
        ),
    },
    {
      file: "contracts/pact/notes.pact.test.ts",
      apply: () =>
        write(
          "contracts/pact/notes.pact.test.ts",
          `import { describe, it } from "vitest";\nimport { notesEndpoints } from "../endpoints/notes.ts";\nimport { listPageInteraction } from "./list-interactions.ts";\nimport { createPact } from "./pact-setup.ts";\n\nconst pact = createPact();\n\ndescribe("notes", () => {\n  it("lists the merchant's notes", () =>\n    listPageInteraction(pact, { given: [], description: "a request for the notes", endpoint: notesEndpoints.noteList, body: {}, row: { id: "1", text: "a note", createdAt: "2026-11-27T10:00:00.000Z" }, call: (api) => api.notes.list({}) }));\n});\n`,
        ),
    },
    {
      file: "machines/notes/note-list.ts (its ListArea, typed by its endpoint)",
      apply: () => write("machines/notes/note-list.ts", machineCode),
      // A selector of its own written beside the area instead of the generic ones.
      instead: () => write("machines/notes/note-list.ts", `${machineCode}\n${selectorInMachineCode}`),
    },
    // The list model opens every list area (machines/lists/list-area-table.ts): what it needs of one is its own.
    {
      file: "model-tests/harnesses/list-screens/notes.ts (its screen for the list model)",
      apply: () => {
        write(
          "model-tests/harnesses/list-screens/notes.ts",
          `import { screen, within } from "@testing-library/react";\nimport { expect } from "vitest";\nimport type { Note } from "../../../contracts/schemas/notes.ts";\nimport type { ListScreen } from "./list-screen.ts";\n\nexport const noteScreen: ListScreen = {\n  path: "/notes/list",\n  emptyHint: false,\n  rowTestId: (key) => \`note-row-\${key}\`,\n  async expectRow(_h, row) {\n    const note = row as Note;\n    expect(within(screen.getByTestId(\`note-row-\${note.id}\`)).getByText(note.text)).toBeTruthy();\n  },\n  expectDetail: async () => {},\n};\n`,
        );
      },
    },
    {
      file: "model-tests/models/list-walks.ts (its walk: the fake server's answers, its rows' word)",
      apply: () => {
        edit(
          "model-tests/models/list-walks.ts",
          `  invoices: { answer: invoiceListAnswer, rows: "invoices" },\n`,
          `  notes: {\n    answer: (context) => ({ items: [{ id: "1", text: "a note", createdAt: "2026-11-27T10:00:00.000Z" }], ...fakeKeysetPaging(context.paging.page, context.paging.pageSize, 1) }),\n    rows: "notes",\n  },\n`,
        );
        edit(
          "model-tests/models/list-walks.ts",
          `import { isFiltered, type ListSearch }`,
          `import { fakeKeysetPaging } from "../../machines/lists/keyset-test-support.ts";\n`,
          "before",
        );
      },
    },
    {
      file: "src/features/notes/notes-page.tsx",
      apply: () => write("src/features/notes/notes-page.tsx", notesPage),
      // The page binds the list machine itself instead of taking it from provideListPages.
      instead: () =>
        write(
          "src/features/notes/notes-page.tsx",
          swap(
            notesPage,
            `import { provideListPages } from "../../app/list-service.ts";`,
            `import { fromPromise } from "xstate";\nimport type { NoteListRequest } from "../../../contracts/schemas/notes.ts";\nimport { listMachine } from "../../../machines/lists/list-machine.ts";\nimport type { Services } from "../../app/services.ts";\nconst provideListPages = (_area: unknown, { api }: Services) => listMachine.provide({ actors: { loadPage: fromPromise(({ input }) => api.notes.list(input.request as NoteListRequest)) } });`,
          ),
        ),
    },
    {
      file: "contracts/console-routes.ts (the route, its page and its menu entry)",
      apply: () =>
        edit(
          "contracts/console-routes.ts",
          "  userCenter: route({",
          `  notes: route({ path: "/notes/list", access: "console", page: "notes/notes-page", tab: { title: "menu.notes" }, menu: { section: "/notes", name: "menu.notes", icon: "document", order: 6 } }),\n`,
          "before",
        ),
    },
    { file: "locales/en-US.json", apply: () => strings("en-US") },
    {
      file: "locales/{zh-CN,zh-TW,ja-JP,ko-KR,th-TH}.json",
      apply: () => ["zh-CN", "zh-TW", "ja-JP", "ko-KR", "th-TH"].forEach(strings),
    },
    {
      file: "e2e/notes.e2e.test.ts",
      apply: () =>
        write(
          "e2e/notes.e2e.test.ts",
          `import { expect, it } from "vitest";\nimport { routePaths } from "../src/app/route-names.ts";\nimport { waitForPath } from "./support/console.ts";\nimport { signedInMerchant } from "./support/orders.ts";\nimport { withConsoleTab } from "./support/tab.ts";\n\nconst tab = withConsoleTab();\n\n/** My notes from the side menu: a merchant who wrote none is told so. */\nit("opens My notes from the side menu, where a new merchant has no notes yet", async () => {\n  const { page, baseUrl } = tab;\n  await signedInMerchant(page, baseUrl, "notes");\n  await page.getByRole("navigation").getByRole("link", { name: "My notes" }).first().click();\n  await waitForPath(page, routePaths.notes);\n  expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("My notes");\n  await page.getByText("No notes yet").waitFor();\n});\n`,
        ),
      // A journey promised rather than written: the route table's gate counts no todo.
      instead: () =>
        write(
          "e2e/notes.e2e.test.ts",
          `import { it } from "vitest";\nimport { routePaths } from "../src/app/route-names.ts";\n\nit.todo(\`opens \${routePaths.notes}\`);\n`,
        ),
    },
    {
      file: "README.md (the area's folders in its layout)",
      apply: () => {
        edit("README.md", "- `src/`: ", "  - `machines/notes/`: a merchant's notes, a list area\n", "before");
        edit("README.md", "  - `src/i18n/`: ", "    - `src/features/notes/`: a merchant's notes\n", "before");
        edit("README.md", "  - `server/http/`: ", "    - `server/domain/notes/`: a merchant's notes\n", "before");
      },
    },
  ];
}
