import { describe, expect, it } from "vitest";
import { endpoints } from "../../contracts/endpoints.ts";
import type { Endpoint } from "../../contracts/endpoint.ts";
import { liveStreamNames } from "../domain/platform/live-changes.ts";
import type { Services } from "./handler.ts";
import { liveStreams, publicLiveStreams } from "./live-streams.ts";

describe("the live streams' one table", () => {
  it("every stream row of the endpoint table is its area's watch, names an event the server streams at its path, and the server streams no other", () => {
    const rows = (Object.values(endpoints) as Endpoint[]).filter((e) => e.stream);
    expect(rows.map((row) => `${row.area}.${row.call}`)).toEqual(rows.map((row) => `${row.area}.watch`));
    expect(rows.map((row) => row.event).sort()).toEqual([...liveStreamNames].sort());
    const specs = { ...liveStreams({} as Services), ...publicLiveStreams({} as Services) };
    expect(Object.keys(specs).sort()).toEqual([...liveStreamNames].sort());
    for (const row of rows) {
      const spec = specs[row.event as keyof typeof specs];
      expect(spec.path).toBe(row.path);
      expect(spec.query).toBe(row.query);
      expect(spec.stream).toBe(row.event);
    }
  });
});
