import { describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/test-database.ts";
import { isTransfersOwnFault, TransferRefused } from "./listener.ts";

describe("which listener failures quarantine the transfer", () => {
  it("a refusal, or the database refusing the transfer's data; not a passing failure", () => {
    expect(isTransfersOwnFault(new TransferRefused("amount out of range"))).toBe(true);
    expect(isTransfersOwnFault(Object.assign(new Error("numeric field overflow"), { code: "22003" }))).toBe(true);
    expect(isTransfersOwnFault(Object.assign(new Error("check"), { code: "23514" }))).toBe(true);
    expect(isTransfersOwnFault(Object.assign(new Error("serialization"), { code: "40001" }))).toBe(false);
    expect(isTransfersOwnFault(new Error("connection lost"))).toBe(false);
    expect(isTransfersOwnFault(null)).toBe(false);
  });

  it("knows the database's own overflow error as the transfer's fault", async () => {
    const { db, close } = await createTestDatabase();
    try {
      const overflow = await db
        .selectNoFrom((eb) => eb.cast<string>(eb.val("1000000000000000000000"), "numeric(38, 18)" as never).as("x"))
        .execute()
        .catch((error: unknown) => error);
      expect(isTransfersOwnFault(overflow)).toBe(true);
    } finally {
      await close();
    }
  });
});
