import { describe, expect, it } from "vitest";
import { collectionLogTo } from "./collection-log.ts";

type Call = [level: "info" | "warn" | "error", fields: Record<string, unknown>, msg: string];

function recorder() {
  const calls: Call[] = [];
  const at = (level: Call[0]) => (fields: Record<string, unknown>, msg: string) => calls.push([level, fields, msg]);
  return { calls, logger: { info: at("info"), warn: at("warn"), error: at("error") } };
}

describe("collection's log lines in the server's log", () => {
  it("a collection job's failure (a JSON line at level 50) is logged as an error with its fields, not as info text", () => {
    const { calls, logger } = recorder();
    collectionLogTo(logger)(JSON.stringify({ level: 50, time: 1, msg: "collection", err: "connection refused" }));
    expect(calls).toEqual([["error", { err: "connection refused" }, "collection"]]);
  });

  it("a run's report (level 30) is logged as info with its figures as fields", () => {
    const { calls, logger } = recorder();
    collectionLogTo(logger)(JSON.stringify({ level: 30, time: 1, msg: "collection", chainId: 31337, sent: 2 }));
    expect(calls).toEqual([["info", { chainId: 31337, sent: 2 }, "collection"]]);
  });

  it("level 40 is a warning; a plain sentence is info", () => {
    const { calls, logger } = recorder();
    const log = collectionLogTo(logger);
    log(JSON.stringify({ level: 40, msg: "collection", held: 1 }));
    log("collection is off: no GAS_PAYER_PRIVATE_KEY for the chains with a deposit factory");
    log("{not json");
    expect(calls).toEqual([
      ["warn", { held: 1 }, "collection"],
      ["info", {}, "collection is off: no GAS_PAYER_PRIVATE_KEY for the chains with a deposit factory"],
      ["info", {}, "{not json"],
    ]);
  });
});
