import { describe, expect, it } from "vitest";
import { readRetrySchedule } from "./retry-schedule.ts";

describe("CALLBACK_RETRY_SCHEDULE", () => {
  it("reads comma-separated whole seconds", () => {
    expect(readRetrySchedule("1,1,2")).toEqual([1, 1, 2]);
    expect(readRetrySchedule(" 5 , 60 ")).toEqual([5, 60]);
  });

  it.each(["", "1,,2", "0", "1.5", "-1", "abc", "604801", Array(21).fill("1").join(",")])("refuses %j", (setting) => {
    expect(() => readRetrySchedule(setting)).toThrow(/CALLBACK_RETRY_SCHEDULE/);
  });
});
