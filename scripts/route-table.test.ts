import { readdirSync, readFileSync } from "node:fs";
import { type ESTree, parseSync, Visitor } from "vite";
import { describe, expect, it } from "vitest";
import { type ConsoleRoute, consoleRoutes } from "../contracts/console-routes.ts";

// The gates of the route table that the typecheck cannot see (each route names its page's file in src/features/).
const pageFiles = readdirSync("src/features", { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith("-page.tsx"))
  .map((file) => file.replace(/\.tsx$/, ""));
const routedPages = new Set(Object.values(consoleRoutes as Record<string, ConsoleRoute>).map((route) => route.page));

/**
 * A journey file's text without the tests it does not run: each `it.todo(…)`, `it.skip(…)` (`test` and `describe`
 * alike) blanked out, so a page named only there has no journey.
 */
function runText(file: string, source: string): string {
  let text = source;
  new Visitor({
    CallExpression: (node) => {
      const callee = node.callee as ESTree.Expression;
      if (
        callee.type === "MemberExpression" &&
        callee.object.type === "Identifier" &&
        ["it", "test", "describe"].includes(callee.object.name) &&
        callee.property.type === "Identifier" &&
        ["todo", "skip"].includes(callee.property.name)
      )
        text = text.slice(0, node.start) + " ".repeat(node.end - node.start) + text.slice(node.end);
    },
  }).visit(parseSync(file, source).program);
  return text;
}

/** The routes (aliases aside) that no journey's running text names, by its path or by `routePaths.<name>`. */
function unvisitedRoutes(routes: Record<string, ConsoleRoute>, journeys: string): string[] {
  return Object.entries(routes)
    .filter(([, r]) => !r.redirectTo)
    .filter(([name, r]) => !journeys.includes(`"${r.path}`) && !journeys.includes(`routePaths.${name}`))
    .map(([name, r]) => `${name} (${r.path})`);
}

// The walkers visit every route on their own; a route also needs a journey that does something on it.
const walkers = /^(responsive|accessibility)\.e2e\.test\.ts$/;
const journeys = readdirSync("e2e")
  .filter((file) => file.endsWith(".e2e.test.ts") && !walkers.test(file))
  .map((file) => runText(file, readFileSync(`e2e/${file}`, "utf8")))
  .join("\n");

describe("the route table", () => {
  it("has a route for every page of src/features (a page nothing routes to is never seen)", () => {
    expect(pageFiles.length).toBeGreaterThan(5);
    expect(pageFiles.filter((file) => !routedPages.has(file) && file !== "public/not-found-page")).toEqual([]);
  });

  it("has a journey in e2e/ for every page it routes to", () => {
    expect(unvisitedRoutes(consoleRoutes, journeys)).toEqual([]);
  });

  it("counts no journey that does not run: a page named only in an it.todo or a skipped test has none", () => {
    const routes: Record<string, ConsoleRoute> = {
      notes: { path: "/notes/list", access: "console" },
      tags: { path: "/tags/list", access: "console" },
      labels: { path: "/labels/list", access: "console" },
      walked: { path: "/walked/list", access: "console" },
      old: { path: "/old", access: "console", redirectTo: "notes" },
    };
    const file = `import { describe, it, test } from "vitest";
it.todo(\`opens \${routePaths.notes}\`);
it.skip("opens the tags", async () => { await page.goto("/tags/list"); });
describe.skip("labels", () => { test("opens them", () => page.goto(routePaths.labels)); });
it("opens the walked list", async () => { await waitForPath(page, routePaths.walked); });
`;
    expect(unvisitedRoutes(routes, runText("fixture.e2e.test.ts", file))).toEqual([
      "notes (/notes/list)",
      "tags (/tags/list)",
      "labels (/labels/list)",
    ]);
    expect(unvisitedRoutes(routes, file)).toEqual([]);
  });
});
