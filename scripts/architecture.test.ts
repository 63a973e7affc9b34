import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkArchitecture } from "./architecture.ts";
import { houseProblems, withoutLine } from "./house.ts";
import { importsOf } from "./import-graph.ts";
import { domainAreaOrder } from "./import-directions.ts";

const sharedMachinesSay =
  "contracts/machines run on the server and in the console alike: they import xstate, zod/mini, contracts/schemas and contracts/money.ts only";
const domainOrderSays = `the domain areas import one way (${domainAreaOrder.join(" <- ")}): an area imports only those before it; an area not in domainAreaOrder (scripts/import-directions.ts) is a leaf no other area imports, until it takes its place there`;

describe("npm run test:house", () => {
  const root = mkdtempSync(join(tmpdir(), "house-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  for (const [path, text] of Object.entries({
    "machines/auth/session.ts": `import { App } from "../../src/app/app.tsx";\nexport const s = App;\n`,
    "src/app/app.tsx": `export const App = () => <main />;\n`,
    "server/routes/r.ts": `export const fixedSinceListed = 1;\n`,
    "server/domain/long.ts": "export const line = 1;\n".repeat(301),
    "server/domain/long-and-why.ts": `// One file: the table below is read as one.\n${"export const row = 1;\n".repeat(301)}`,
    "server/domain/long.test.ts": "export const check = 1;\n".repeat(301),
    // The why in words, not an issue's number; a test may name the finding it guards, a shipped migration keeps its.
    "server/domain/tagged.ts": "export const a = 1;\n// Issue 12: the limit stops a flood.\nexport const b = 2;\n",
    "server/domain/tagged.test.ts": "// The flood of issue 12.\nexport const c = 1;\n",
    "server/db/migrations/0098-tagged.ts": "// Migration 0098 (issue 12).\nexport const d = 1;\n",
    // A migration and the code it runs are frozen as they shipped; other files of server/db are not.
    "server/db/migrations/0099-long.ts": "export const step = 1;\n".repeat(301),
    "server/db/conversion-0099.ts": "export const step = 1;\n".repeat(301),
    "server/db/long-helper.ts": "export const step = 1;\n".repeat(301),
    // Stylesheets are ours too: a long one is split by what it styles, or says why it is one.
    "src/styles/long.css": ".a {\n}\n".repeat(151),
    "src/styles/long-and-why.css": `/* One file: read as one. */\n${".a {\n}\n".repeat(151)}`,
    "README.md":
      "# Shop\n\n## Run it\n\nSee [running](#run-it), [the guide](docs/guide.md#setting-up) and [gone](docs/gone.md).\n" +
      // The layout names every folder down to two levels but docs/, and a folder that is gone.
      "\n## Layout\n\n- `machines/`, `machines/auth/`, `src/`, `src/app/`, `src/styles/`\n" +
      "- `server/`, `server/db/`, `server/domain/`, `server/routes/`, `server/gone/`\n\n## Next\n\n`docs/` is not in the layout.\n",
    "docs/guide.md":
      "# Guide\n\n## Set up\n\nBack to [the README](../README.md#run-it).\n```\n[not a link](nowhere.md)\n```\n",
  })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }

  it("names the file that breaks a rule and the rule, a machine importing the console's app first among them, a long file that does not say why it is one, a dead link and a folder the README's layout misses", () => {
    expect(houseProblems(root, []).broken).toEqual([
      "machines/auth/session.ts imports ../../src/app/app.tsx: machines never import src/",
      'server/db/long-helper.ts is over 300 lines: split it by what changes together, or say why it must be one file in a comment starting "One file:"',
      'server/domain/long.ts is over 300 lines: split it by what changes together, or say why it must be one file in a comment starting "One file:"',
      'src/styles/long.css is over 300 lines: split it by what changes together, or say why it must be one file in a comment starting "One file:"',
      'server/domain/tagged.ts:2 names an issue by its number ("Issue 12"): say the why in words; the number is in the commit',
      "README.md: docs/guide.md#setting-up (no heading #setting-up in docs/guide.md): a link names a file or heading that exists",
      "README.md: docs/gone.md (no file docs/gone.md): a link names a file or heading that exists",
      "README.md's layout does not name docs/: every folder down to two levels, and each area's folder in src/features/ and server/domain/, has its line (scripts/doc-links.ts)",
      "README.md's layout names server/gone/, which is no folder",
    ]);
  });

  it("passes a listed violation, and fails on one that is fixed until it leaves the list", () => {
    // Listed as the list is written: a place without its line number, which moves with every edit above it.
    const listed = houseProblems(root, []).broken.map(withoutLine);
    const gone = "server/routes/r.ts calls .selectFrom(: routes and server/http run no query";
    expect(houseProblems(root, [...listed, gone])).toEqual({ broken: [], fixed: [gone] });
  });
});

describe("importsOf", () => {
  it("finds every form of import, type-only ones marked", () => {
    const source = `
      import type { A } from "./a.ts";
      import { type B, c } from "./b.ts";
      import { type D } from "./d.ts";
      import "./side-effect.ts";
      export type { E } from "./e.ts";
      export * from "./f.ts";
      export * as g from "./g.ts";
      const h = () => import("./h.ts");
      const i = () => import(\`./i.ts\`);
      type J = import("./j.ts").J;
      export const view = <div>{String(c)}</div>;
    `;
    expect(importsOf("x.tsx", source)).toEqual({
      specifiers: [
        { specifier: "./a.ts", typeOnly: true },
        { specifier: "./b.ts", typeOnly: false },
        { specifier: "./d.ts", typeOnly: true },
        { specifier: "./side-effect.ts", typeOnly: false },
        { specifier: "./e.ts", typeOnly: true },
        { specifier: "./f.ts", typeOnly: false },
        { specifier: "./g.ts", typeOnly: false },
        { specifier: "./h.ts", typeOnly: false, lazy: true },
        { specifier: "./i.ts", typeOnly: false, lazy: true },
        { specifier: "./j.ts", typeOnly: true },
      ],
    });
  });

  it("reports a file it cannot parse", () => {
    expect(importsOf("broken.ts", "import { from './x.ts'").error).toBeTruthy();
  });
});

describe("checkArchitecture on a project that breaks the rules", () => {
  const root = mkdtempSync(join(tmpdir(), "architecture-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  };
  write({
    "machines/foo.ts": `import type { Bar } from "../src/bar.ts";\nexport type Foo = Bar;\n`,
    "machines/pure.ts": `import { useState } from "react";\nexport const s = useState;\n`,
    "machines/foo.test.ts": `import { server } from "../server/y.ts";\nexport const t = server;\n`,
    "src/bar.ts": `export type Bar = string;\n`,
    "src/OrderList.ts": `export const list = 1;\n`,
    "src/a.ts": `import { b } from "./b.ts";\nexport const a = b;\n`,
    "src/b.ts": `export type { C } from "./c.ts";\nexport const b = 1;\n`,
    "src/c.ts": `export type C = number;\nexport const load = () => import("./a.ts");\n`,
    "src/d.ts": `import "./e.ts";\n`,
    "src/e.ts": `import "./d.ts";\nimport "./f.ts";\n`,
    "src/f.ts": `import type {} from "./e.ts";\n`,
    "src/view.tsx": `type Y = import("../server/y.ts").Y;\nexport const View = (p: { y: Y }) => <p>{String(p.y)}</p>;\n`,
    "src/missing.ts": `export * from "./nowhere.ts";\n`,
    "server/y.ts": `export type Y = 1;\nexport const server = 1;\n`,
    "server/x.ts": `import { shared } from "../contracts/shared.ts";\nexport const x = shared;\n`,
    "server/self.ts": `export const self = () => import("./self.ts");\n`,
    "contracts/shared.ts": `import { a } from "../src/a.ts";\nexport const shared = a;\n`,
    "contracts/schemas/s.ts": `import { shared } from "../shared.ts";\nimport { z } from "zod/mini";\nexport const s = z.string();\nexport { shared };\n`,
    "contracts/schemas/t.ts": `import { s } from "./s.ts";\nexport const t = s;\n`,
    // A machine the server and the console share: XState, schemas and money only; its tests may reach further.
    "contracts/money.ts": `export const money = 1;\n`,
    "contracts/machines/life.ts": `import { setup } from "xstate";\nimport { money } from "../money.ts";\nimport { useState } from "react";\nimport type { E } from "../endpoints.ts";\nexport const life = [setup, money, useState];\nexport type L = E;\n`,
    "contracts/machines/life.test.ts": `import { it } from "vitest";\nimport { life } from "./life.ts";\nit("runs", () => void life);\n`,
    // The rules inside the top-level folders, and the symbol rules.
    "contracts/endpoints.ts": `import type { Foo } from "../machines/foo.ts";\nexport type E = Foo;\n`,
    "contracts/pact/p.pact.test.ts": `import "../../src/api/client.ts";\nimport "../../src/bar.ts";\n`,
    "src/api/client.ts": `export const client = 1;\n`,
    "server/http/h.ts": `export const h = 1;\n`,
    "server/domain/d.ts": `import { h } from "../http/h.ts";\nexport const d = h;\n`,
    "server/domain/d.test.ts": `import { h } from "../http/h.ts";\nexport const t = h;\n`,
    "server/db/q.ts": `import { d } from "../domain/d.ts";\nexport const q = d;\n`,
    "server/chain/c.ts": `import type { D } from "../domain/d-types.ts";\nexport type C = D;\n`,
    "server/chain/c.test.ts": `import { d } from "../domain/d.ts";\nexport const t = d;\n`,
    "server/domain/d-types.ts": `export type D = string;\n`,
    // Sending a transaction from the domain other than through the chain's sender.
    "server/domain/sweep.ts": `declare const wallet: { writeContract(x: object): void };\nexport const sweep = () => wallet.writeContract({});\n`,
    "server/domain/receipt.ts": `declare const node: { getTransactionReceipt(x: object): void };\nexport const mined = () => node.getTransactionReceipt({});\n`,
    "server/domain/sweep.test.ts": `declare const wallet: { writeContract(x: object): void };\nexport const t = () => wallet.writeContract({});\n`,
    // The domain takes viem's vocabulary only; a node's client, call data and keys are the chain's. Its tests may reach further.
    "server/domain/node-client.ts": [
      `import { type Address, getAddress, type PublicClient, parseEventLogs } from "viem";`,
      `import { privateKeyToAccount } from "viem/accounts";`,
      `export { encodeFunctionData } from "viem";`,
      `export type A = [Address, PublicClient, typeof getAddress, typeof parseEventLogs, typeof privateKeyToAccount];`,
    ].join("\n"),
    "server/domain/vocabulary.ts": `import { type Address, type Hex, getAddress, isAddress, zeroAddress } from "viem";\nexport const v = [getAddress, isAddress, zeroAddress] as const;\nexport type V = [Address, Hex];\n`,
    "server/domain/node-client.test.ts": `import { createPublicClient } from "viem";\nexport const c = createPublicClient;\n`,
    // The domain is handed each chain's node by the wiring: it names the port's types, never builds one. Its tests may.
    "server/chain/chain-node.ts": `export interface ChainNode { id: number }\nexport const configuredNode = (url: string): ChainNode => ({ id: url.length });\n`,
    "server/chain/deploy.ts": `export const devClients = (url: string) => ({ url });\n`,
    "server/domain/builds-node.ts": [
      `import { type ChainNode, configuredNode } from "../chain/chain-node.ts";`,
      `import { devClients } from "../chain/deploy.ts";`,
      `export const n: ChainNode = configuredNode(devClients("x").url);`,
    ].join("\n"),
    "server/domain/holds-node.ts": `import type { ChainNode } from "../chain/chain-node.ts";\nexport const id = (node: ChainNode) => node.id;\n`,
    "server/domain/holds-node.test.ts": `import { configuredNode } from "../chain/chain-node.ts";\nexport const n = configuredNode("x");\n`,
    "server/domain/offset-list.ts": `declare const rows: { offset(n: number): object };\nexport const page = () => rows.offset(20);\n`,
    // The domain areas' order: platform lowest; an area out of the list is out of order whichever way it imports.
    "server/domain/platform/p.ts": `import { i } from "../identity/i.ts";\nexport const p = i;\n`,
    "server/domain/platform/p.test.ts": `import { i } from "../identity/i.ts";\nexport const t = i;\n`,
    "server/domain/identity/i.ts": `import type { Base } from "../platform/base.ts";\nexport const i: Base = 1;\n`,
    "server/domain/platform/base.ts": `export type Base = number;\n`,
    // A leaf (zebra, yak: in no order) imports what the order lists; no other area imports a leaf.
    "server/domain/zebra/z.ts": `import type { Base } from "../platform/base.ts";\nexport const z: Base = 2;\n`,
    "server/domain/yak/y.ts": `import { z } from "../zebra/z.ts";\nexport const y = z;\n`,
    "server/domain/bills/leaf-user.ts": `import { z } from "../zebra/z.ts";\nexport const l = z;\n`,
    "server/domain/bills/b.ts": `import { w } from "../../wiring/w.ts";\nexport const b = w;\n`,
    "server/wiring/w.ts": `import { i } from "../domain/identity/i.ts";\nexport const w = i;\n`,
    "server/routes/r.ts": `import { sql } from "kysely";\nimport type { Kysely } from "kysely";\nexport const r = (db: Kysely<never>) => [db.selectFrom("x"), sql\`select 1\`];\n`,
    "src/ui/u.tsx": `import { app } from "../app/app.ts";\nexport const U = () => <p>{app}</p>;\n`,
    "src/app/app.ts": `export const app = 1;\nexport const pages = [() => import("../features/one/page.tsx")];\n`,
    "src/app/eager.ts": `export { Page } from "../features/one/page.tsx";\n`,
    "src/layout/l.tsx": `import { Page } from "../features/one/page.tsx";\nexport const L = Page;\n`,
    "src/features/two/thing.ts": `export const thing = 1;\n`,
    "src/features/one/one-machines.ts": `export const wired = (m: { provide(x: object): object }) => m.provide({});\n`,
    "src/features/one/page.tsx": [
      `import { thing } from "../two/thing.ts";`,
      `declare const useSelector: (a: unknown, s: (x: unknown) => unknown) => unknown;`,
      `declare const actor: { getSnapshot(): { matches(s: string): boolean } }; declare const m: { provide(x: object): object };`,
      `export function Page() {`,
      `  const all = useSelector(actor, (s) => s);`,
      `  const some = useSelector(actor, (s) => (s as { value: string }).value);`,
      `  m.provide({});`,
      `  return <p>{String(actor.getSnapshot().matches("failed"))}{String(all)}{String(some)}{thing}</p>;`,
      `}`,
    ].join("\n"),
    // useServices() only where a machine is wired: the badge takes the whole Services for one notifier.
    "src/features/one/badge.tsx": [
      `declare const useServices: () => { notify: { success(t: string): void } };`,
      `export const Badge = () => <button type="button" onClick={() => useServices().notify.success("hi")} />;`,
    ].join("\n"),
    "src/features/one/wired.tsx": [
      `declare const useServices: () => object; declare const provideOne: (s: object) => object;`,
      `export const Wired = () => <p>{String(provideOne(useServices()))}</p>;`,
    ].join("\n"),
    // Merchant scopes: made in sessions.ts and system-scope.ts only; the system's factories used by its modules and tests.
    "server/domain/platform/merchant-scope.ts": [
      `export interface MerchantScope { readonly merchantId: string }`,
      `export interface SystemScope { readonly actor: string }`,
    ].join("\n"),
    "server/domain/identity/sessions.ts": `import type { MerchantScope } from "../platform/merchant-scope.ts";\nexport const scopeOf = (merchantId: string) => ({ merchantId }) as MerchantScope;\n`,
    "server/domain/identity/system-scope.ts": `import type { SystemScope } from "../platform/merchant-scope.ts";\nexport const systemScope = (actor: string) => ({ actor }) as SystemScope;\nexport const actFor = (s: SystemScope, merchantId: string) => ({ ...s, merchantId });\n`,
    "server/domain/payments/order-expiry.ts": `import { actFor, systemScope } from "../identity/system-scope.ts";\nexport const sweep = (id: string) => actFor(systemScope("order-expiry"), id);\n`,
    "server/domain/payments/order-expiry.test.ts": `import { actFor, systemScope } from "../identity/system-scope.ts";\nexport const t = actFor(systemScope("test"), "1");\n`,
    "server/routes/scoped.ts": [
      `import type { MerchantScope, SystemScope } from "../domain/platform/merchant-scope.ts";`,
      `import { actFor as forMerchant, systemScope } from "../domain/identity/system-scope.ts";`,
      `export const mine = (body: { id: string }) => ({ merchantId: body.id }) as MerchantScope;`,
      `export const system = systemScope("sign-in");`,
      `export const theirs = (id: string) => forMerchant({ actor: "sign-in" } as unknown as SystemScope, id);`,
    ].join("\n"),
    "machines/effects.ts": [
      `export const load = () => fetch("/api");`,
      `export const read = () => localStorage.getItem("k");`,
      `export const own = (location: string) => location.length;`,
      `export const prop = (x: { window: number }) => x.window + ({ document: 1 }).document;`,
      `export function selectLoad(s: { value: string }) { return s.value; }`,
      `export const outputOf = ({ event }: { event: object }) => (event as { output: string }).output;`,
    ].join("\n"),
    "machines/effects-selectors.ts": `type EffectsSnapshot = { value: string };\nexport const selectRead = (s: EffectsSnapshot) => s.value;\nexport function selectBoth({ value }: EffectsSnapshot, other: string) { return value + other; }\n`,
    // A list paged by a machine of its own instead of configuring the list machine.
    "machines/lists/keyset-paging.ts": `export const pagingTo = (page: number) => page + 1;\n`,
    "machines/orders/own-list.ts": `import { pagingTo } from "../lists/keyset-paging.ts";\nexport const next = pagingTo;\n`,
    // A selector taking a shape written out, not its machine's snapshot.
    "machines/loose-selectors.ts": `export const selectLoose = (s: { value: string }) => s.value;\nexport function selectAlso(s: string) { return s; }\n`,
  });
  const violations = checkArchitecture(root, ["src", "machines", "server", "contracts"]);

  it("names the file and the import of each direction broken", () => {
    expect(violations).toEqual(
      expect.arrayContaining([
        "machines/foo.ts imports ../src/bar.ts: machines never import src/",
        "machines/foo.test.ts imports ../server/y.ts: machines never import server/",
        "machines/pure.ts imports react: machines are pure: no React, no UI kit, no HTTP client",
        "src/view.tsx imports ../server/y.ts: views never import server/",
        "contracts/schemas/s.ts imports ../shared.ts: contracts/schemas imports libraries only, nothing of ours",
        `contracts/machines/life.ts imports react: ${sharedMachinesSay}`,
        `contracts/machines/life.ts imports ../endpoints.ts: ${sharedMachinesSay}`,
      ]),
    );
    expect(
      violations.filter((v) =>
        /^contracts\/machines\/life(\.test)?\.ts imports (xstate|vitest|\.\.\/money\.ts|\.\/life\.ts):/.test(v),
      ),
    ).toEqual([]);
    expect(violations.filter((v) => v.startsWith("contracts/schemas/t.ts"))).toEqual([]);
  });

  it("follows an import through a folder the rule allows", () => {
    expect(violations).toContain(
      "server/x.ts → contracts/shared.ts → src/a.ts: server never imports src/, not through other folders either",
    );
  });

  it("prints each cycle as its chain, type-only and dynamic imports included", () => {
    expect(violations).toContain("import cycle: src/a.ts → src/b.ts → src/c.ts → src/a.ts");
    expect(violations).toContain("import cycle: server/self.ts → server/self.ts");
    expect(violations).toContain("import cycle: src/d.ts → src/e.ts → src/d.ts; the same tangle also holds src/f.ts");
  });

  it("names an import of a file that does not exist", () => {
    expect(violations).toContain("src/missing.ts imports ./nowhere.ts, which names no file");
  });

  it("lets a domain area the order does not list import the listed ones", () => {
    expect(violations.filter((v) => v.startsWith("server/domain/zebra/"))).toEqual([]);
  });

  it("holds the folders inside the top-level ones to their directions", () => {
    expect(violations).toEqual(
      expect.arrayContaining([
        "contracts/endpoints.ts imports ../machines/foo.ts: contracts never import machines/ or src/",
        "contracts/pact/p.pact.test.ts imports ../../src/bar.ts: the Pact tests reach the console only through its client, src/api/",
        "server/domain/d.ts imports ../http/h.ts: server/domain never imports server/http, server/routes or server/wiring",
        "server/db/q.ts imports ../domain/d.ts: server/db never imports server/domain",
        `server/domain/platform/p.ts imports ../identity/i.ts: ${domainOrderSays}`,
        `server/domain/yak/y.ts imports ../zebra/z.ts: ${domainOrderSays}`,
        `server/domain/bills/leaf-user.ts imports ../zebra/z.ts: ${domainOrderSays}`,
        "server/domain/bills/b.ts imports ../../wiring/w.ts: server/domain never imports server/http, server/routes or server/wiring",
        "server/chain/c.ts imports ../domain/d-types.ts: server/chain is an adapter behind the ports it owns (ChainAdapter, ChainListener, OutgoingListener, TransactionSender): it imports nothing of server/domain, server/http, server/routes or server/wiring",
        "server/routes/r.ts imports kysely: routes run no SQL: the database is reached through server/domain",
        "src/ui/u.tsx imports ../app/app.ts: src/ui is presentational: it imports nothing of app/, layout/ or features/",
        "src/app/eager.ts imports ../features/one/page.tsx: src/app reaches a feature only through the route table's lazy import()",
        "src/layout/l.tsx imports ../features/one/page.tsx: src/layout never imports a feature",
        "src/features/one/page.tsx imports ../two/thing.ts: a feature never imports another feature: what two share moves to src/ui, src/app or machines/",
      ]),
    );
    // A test of server/domain may start the app; a type-only Kysely import names a type; a lazy route module is a boundary.
    expect(
      violations.filter(
        (v) =>
          v.startsWith("server/domain/d.test.ts") ||
          v.startsWith("server/domain/sweep.test.ts") ||
          v.startsWith("server/domain/platform/p.test.ts") ||
          v.startsWith("server/domain/identity/i.ts") ||
          v.startsWith("server/wiring/w.ts") ||
          v.startsWith("src/app/app.ts") ||
          v.startsWith("server/chain/c.test.ts"),
      ),
    ).toEqual([]);
    expect(violations.filter((v) => v.startsWith("server/routes/r.ts imports"))).toHaveLength(1);
  });

  it("finds what code does against the symbol rules, with the line", () => {
    expect(violations).toEqual(
      expect.arrayContaining([
        "server/routes/r.ts:3 calls .selectFrom(: routes and server/http run no query: a use case in server/domain does, in one transaction",
        "server/routes/r.ts:3 writes sql``: routes and server/http run no query: a use case in server/domain does, in one transaction",
        "server/domain/sweep.ts:2 calls .writeContract(: the domain sends transactions only through the chain's outgoing transactions (server/chain/outgoing.ts, outgoing-recorded.ts), which take the nonce, record each before it leaves and read its receipt",
        "server/domain/receipt.ts:2 calls .getTransactionReceipt(: the domain sends transactions only through the chain's outgoing transactions (server/chain/outgoing.ts, outgoing-recorded.ts), which take the nonce, record each before it leaves and read its receipt",
        "server/domain/offset-list.ts:2 calls .offset(: a list pages by keyset (server/domain/platform/keyset-page.ts), never by OFFSET: a deep page of a long list would read every row before it, and rows arriving between pages would show twice",
        "src/features/one/page.tsx:5 selects the whole snapshot: views select what they show, never the whole snapshot (it re-renders on every change and invites decisions in JSX)",
        "src/features/one/page.tsx:7 calls .provide(: machines get their actors in the wiring files only (src/**/<area>-machines.ts, src/app/services.ts, src/app/<name>-service.ts)",
        "src/features/one/page.tsx:8 calls .matches(: views decide nothing: a selector, a tag or snapshot.can() says what to show",
        "src/features/one/page.tsx:8 calls .getSnapshot(): views read machines through useSelector, never getSnapshot()",
        "machines/effects.ts:1 reaches fetch: machines and schemas are pure: side effects reach them as actors (no fetch, window, document or storage)",
        "machines/effects.ts:2 reaches localStorage: machines and schemas are pure: side effects reach them as actors (no fetch, window, document or storage)",
        "src/features/one/badge.tsx:2 calls useServices() and wires no machine: a component takes the one actor or service it uses through its own hook (useSessionActor(), useNotify() …); useServices() is for components that wire a machine (they import a provideX)",
        "machines/effects.ts:5 exports selectLoad: a machine's selectors live beside it in <machine>-selectors.ts, one convention for every machine",
        "machines/loose-selectors.ts:1 selectLoose takes no snapshot of its machine: a selector takes its machine's snapshot (SnapshotFrom<typeof machine>, or an alias named …Snapshot), one style for every selector; what combines two machines' selections is a plain function of values",
        "machines/loose-selectors.ts:2 selectAlso takes no snapshot of its machine: a selector takes its machine's snapshot (SnapshotFrom<typeof machine>, or an alias named …Snapshot), one style for every selector; what combines two machines' selections is a plain function of values",
        "machines/effects.ts:6 reads the event through a cast: a machine reads no event through a cast: assertEvent where one event enters the state, params for an actor's result or error",
        "machines/orders/own-list.ts:1 pages a list of its own (pagingTo): a list is a ListArea run by the one list machine (machines/lists/list-machine.ts, CONTRIBUTING.md 'Adding an area'): an area configures it and never pages, searches or retries by itself",
      ]),
    );
    expect(
      violations.filter(
        (v) =>
          v.startsWith("src/features/one/one-machines.ts") ||
          v.startsWith("machines/effects-selectors.ts") ||
          v.startsWith("src/features/one/wired.tsx") ||
          /^machines\/effects\.ts:[34] /.test(v),
      ),
    ).toEqual([]);
  });

  it("finds a merchant scope made outside its module, and the system acting outside its own modules", () => {
    const made =
      "a MerchantScope is made only by findSession (server/domain/identity/sessions.ts), from the signed-in session";
    const madeBySystem =
      "a system scope is made only by systemScope() and actFor() (server/domain/identity/system-scope.ts)";
    const acts =
      "only the system's own modules act as the system (systemScope(), actFor()): the chain listener, the order sweep and the pre-session identity flows (scripts/symbol-rules.ts systemActorFiles), tests aside";
    expect(violations.filter((v) => v.startsWith("server/routes/scoped.ts"))).toEqual([
      `server/routes/scoped.ts:2 renames actFor: ${acts}`,
      `server/routes/scoped.ts:3 casts to MerchantScope: ${made}`,
      `server/routes/scoped.ts:4 calls systemScope(: ${acts}`,
      `server/routes/scoped.ts:5 casts to SystemScope: ${madeBySystem}`,
    ]);
    // sessions.ts and system-scope.ts make them; the sweep and a test act as the system.
    expect(violations.filter((v) => /^server\/domain\/(identity|payments)\//.test(v))).toEqual([]);
  });

  it("finds the domain taking more of viem than its vocabulary, its tests aside", () => {
    const says =
      "the domain takes only viem's vocabulary (Address, Hex, getAddress, isAddress, zeroAddress): a node's clients, reads, call data, logs and keys are the chain's, behind its ports (server/chain/chain-node.ts), tests aside";
    expect(violations.filter((v) => /^server\/domain\/(node-client|vocabulary)/.test(v))).toEqual([
      `server/domain/node-client.ts:1 imports PublicClient, parseEventLogs from viem: ${says}`,
      `server/domain/node-client.ts:2 imports viem/accounts: ${says}`,
      `server/domain/node-client.ts:3 imports encodeFunctionData from viem: ${says}`,
    ]);
  });

  it("finds the domain building a chain's node, its tests aside; the port's types pass", () => {
    const says =
      "the domain builds no chain node: it takes the types of server/chain/chain-node.ts (ChainNode and its readers) and nothing of server/chain/deploy.ts; the wiring builds each chain's node (server/wiring/chain-nodes.ts) and hands it in, tests aside";
    expect(violations.filter((v) => /^server\/domain\/(builds|holds)-node/.test(v))).toEqual([
      `server/domain/builds-node.ts imports ../chain/chain-node.ts: ${says}`,
      `server/domain/builds-node.ts imports ../chain/deploy.ts: ${says}`,
    ]);
  });

  it("names a file not named in kebab-case", () => {
    expect(violations).toContain(
      "src/OrderList.ts is not named in kebab-case: lower case, words joined by hyphens (order-list.ts)",
    );
  });

  it("finds nothing else", () => {
    expect(violations, violations.join("\n")).toHaveLength(54);
  });
});
