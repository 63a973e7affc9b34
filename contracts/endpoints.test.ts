import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { areaTables, type Endpoint, endpoints } from "./endpoints.ts";

const table = Object.entries(endpoints as Record<string, Endpoint>);
const pactDir = new URL("./pact/", import.meta.url);
const pactSources = readdirSync(pactDir)
  .filter((file) => file.endsWith(".pact.test.ts"))
  .map((file) => readFileSync(new URL(file, pactDir), "utf8"))
  .join("\n");

describe("the endpoint table", () => {
  it("takes each row from one area's file only, with that file's area", () => {
    const keys = areaTables.flatMap((table) => Object.keys(table));
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
    expect(keys).toHaveLength(table.length);
    for (const area of areaTables) expect(new Set(Object.values(area).map((e: Endpoint) => e.area)).size).toBe(1);
  });

  it("gives each endpoint its own client name, api[area][call]", () => {
    const names = table.map(([, e]) => `${e.area}.${e.call}`);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it("gives each endpoint its own method and path", () => {
    const routes = table.map(([, e]) => `${e.method} ${e.path.toLowerCase()}`);
    expect(routes.filter((route, i) => routes.indexOf(route) !== i)).toEqual([]);
  });

  // The client puts the one argument's fields in the body or the query (src/api/derived-calls.ts), not both.
  it("has no endpoint with both a body and a query", () => {
    expect(table.filter(([, e]) => e.body && e.query).map(([name]) => name)).toEqual([]);
  });

  it("has no GET with a body", () => {
    expect(table.filter(([, e]) => e.method === "GET" && e.body).map(([name]) => name)).toEqual([]);
  });

  // The pact's own gate (contracts/pact/global-setup.ts) runs in a later stage; this is its cheap half, in test:quick.
  it("has a Pact test calling each endpoint through the console's client", () => {
    const uncalled = table
      .filter(([, e]) => !pactSources.includes(`.${e.area}.${e.call}(`))
      .map(([name, e]) => `${name} (api.${e.area}.${e.call})`);
    expect(uncalled).toEqual([]);
  });
});
