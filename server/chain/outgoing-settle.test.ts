import { describe, expect, it } from "vitest";
import { minedConfirmations as confirmationsAt } from "./outgoing-settle.ts";

describe("an outgoing transaction counting its confirmations", () => {
  it("has one confirmation in the head's block and one more for each block after it", () => {
    expect(confirmationsAt(10n, 10n)).toBe(1);
    expect(confirmationsAt(12n, 10n)).toBe(3);
  });

  it("has its own block's confirmation when it was mined after the head was read, never fewer than none", () => {
    // Two senders on one chain: the other's transaction mined blocks 11 and 12 between this run's head and its receipt.
    expect(confirmationsAt(10n, 11n)).toBe(1);
    expect(confirmationsAt(10n, 12n)).toBe(1);
  });
});
