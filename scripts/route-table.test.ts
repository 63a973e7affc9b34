import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type ConsoleRoute, consoleRoutes } from "../contracts/console-routes.ts";

// The gates of the route table that the typecheck cannot see (each route names its page's file in src/features/).
const pageFiles = readdirSync("src/features", { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith("-page.tsx"))
  .map((file) => file.replace(/\.tsx$/, ""));
const routedPages = new Set(Object.values(consoleRoutes as Record<string, ConsoleRoute>).map((route) => route.page));
// The walkers visit every route on their own; a route also needs a journey that does something on it.
const walkers = /^(responsive|accessibility)\.e2e\.test\.ts$/;
const journeys = readdirSync("e2e")
  .filter((file) => file.endsWith(".e2e.test.ts") && !walkers.test(file))
  .map((file) => readFileSync(`e2e/${file}`, "utf8"))
  .join("\n");

describe("the route table", () => {
  it("has a route for every page of src/features (a page nothing routes to is never seen)", () => {
    expect(pageFiles.length).toBeGreaterThan(5);
    expect(pageFiles.filter((file) => !routedPages.has(file) && file !== "public/not-found-page")).toEqual([]);
  });

  it("has a journey in e2e/ for every page it routes to", () => {
    const routes = Object.entries(consoleRoutes as Record<string, ConsoleRoute>).filter(([, r]) => !r.redirectTo);
    const unvisited = routes
      .filter(([name, r]) => !journeys.includes(`"${r.path}`) && !journeys.includes(`routePaths.${name}`))
      .map(([name, r]) => `${name} (${r.path})`);
    expect(unvisited).toEqual([]);
  });
});
