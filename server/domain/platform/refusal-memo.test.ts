import { describe, expect, it } from "vitest";
import { createRefusalMemo, refusalMemoBound } from "./refusal-memo.ts";
import type { Slot } from "./rate-slot.ts";

const t0 = new Date("2026-01-01T00:00:00Z");
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const ipSlot = (subject: string): Slot => ({ bucket: "login-ip", subject, window: { max: 1, seconds: 60 } });

describe("the refusal memo", () => {
  it("refuses a remembered slot until its wait is over, then asks the database again", () => {
    const memo = createRefusalMemo();
    memo.remember(ipSlot("203.0.113.1"), t0, 60);
    expect(memo.refusing([ipSlot("203.0.113.2"), ipSlot("203.0.113.1")], at(20))).toMatchObject({
      slot: { subject: "203.0.113.1" },
      waitSeconds: 40,
    });
    expect(memo.refusing([ipSlot("203.0.113.1")], at(60))).toBeNull();
  });

  it("holds a bounded number of refusals: a flood of addresses past it lets the oldest ask the database again", () => {
    const memo = createRefusalMemo();
    memo.remember(ipSlot("first"), t0, 3600);
    for (let i = 0; i < refusalMemoBound; i++) memo.remember(ipSlot(`flood-${i}`), t0, 3600);
    expect(memo.refusing([ipSlot("first")], at(1))).toBeNull();
    expect(memo.refusing([ipSlot(`flood-${refusalMemoBound - 1}`)], at(1))).toMatchObject({ waitSeconds: 3599 });
  });
});
