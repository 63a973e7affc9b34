import { expect, it } from "vitest";
import { consoleRoutes } from "../contracts/console-routes.ts";
import { defaultLimits } from "../server/domain/platform/limits.ts";
import { merchantWithOrders } from "./support/orders.ts";
import { withConsoleTab } from "./support/tab.ts";

const tab = withConsoleTab();

/** The most calls inside any `windowMs` (a sliding window over the calls' times). */
function peakIn(times: readonly number[], windowMs: number): number {
  let peak = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    while ((times[last] ?? 0) - (times[first] ?? 0) >= windowMs) first++;
    peak = Math.max(peak, last - first + 1);
  }
  return peak;
}

/**
 * ASVS 2.4.1, the other side of server/domain/identity/merchant-calls.test.ts: a merchant working the console fast — every
 * signed-in page opened one after another (each a fresh load), the console home reloaded, the pay dialog of an open
 * order left open on its live stream, My orders and the user centre — sends a small part of what the per-merchant
 * limit allows in a minute, and is never refused. The figure is printed for server/README.md.
 */
it("a busy console session stays far below the per-merchant call limit and is never refused", async () => {
  const { page, baseUrl } = tab;
  const calls: number[] = [];
  const refused: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/") && request.headers().authorization) calls.push(Date.now());
  });
  page.on("response", (response) => {
    if (response.status() === 429) refused.push(response.url());
  });
  await merchantWithOrders(page, baseUrl);

  const signedInPaths = Object.values(consoleRoutes)
    .filter((route) => route.access === "console")
    .map((route) => route.path);
  for (const path of signedInPaths) {
    await page.goto(path);
    await page.locator("h1.page-title").first().waitFor();
  }
  await page.goto("/console/index");
  await page.getByTestId("last-login").waitFor();
  await page.reload();
  await page.getByTestId("subscription-card").waitFor();
  // The open order's pay dialog follows it live for a while (stream, and polls when the stream fails).
  await page.goto("/order/list");
  await page.getByRole("button", { name: "Pay", exact: true }).first().click();
  const countdown = page.getByTestId("pay-countdown");
  const secondsLeft = async () => {
    const [minutes = 0, seconds = 0] = ((await countdown.textContent()) ?? "").split(":").map(Number);
    return minutes * 60 + seconds;
  };
  const opened = await secondsLeft();
  await expect.poll(secondsLeft, { timeout: 30_000 }).toBeLessThanOrEqual(opened - 4);
  await page.goto("/user/center");
  await page.getByTestId("security-event").first().waitFor();

  const perMinute = peakIn(calls, 60_000);
  const perTenSeconds = peakIn(calls, 10_000);
  console.log(
    `busy console session: ${calls.length} signed-in calls, peak ${perMinute} in a minute, ${perTenSeconds} in 10 s ` +
      `(limit: a burst of ${defaultLimits.merchantCalls.max}, then ${defaultLimits.merchantCalls.max / defaultLimits.merchantCalls.seconds} a second)`,
  );
  expect(refused).toEqual([]);
  expect(calls.length).toBeGreaterThan(20);
  // One pass over every page, about 8 calls a page load (52 over the six signed-in pages of the day it was measured);
  // the bound grows with the pages an area adds, never past a quarter of the burst (server/README.md).
  const pageLoads = signedInPaths.length + 4;
  expect(perMinute).toBeLessThan(Math.min(pageLoads * 10, defaultLimits.merchantCalls.max / 4));
});
