import { describe, expect, it } from "vitest";
import { createKnownSigners, knownSignersBound } from "./known-signers.ts";
import type { SignerRow } from "./open-api-caller.ts";

const rowOf = (id: string): SignerRow => ({
  id,
  app_code: `code-${id}`,
  merchant_id: "100001",
  status: "normal",
  secret_sealed: "v1.sealed",
  previous_secret_sealed: null,
  previous_secret_valid_until: null,
});

describe("known signers", () => {
  it("answers the row last remembered for an AppKey until it is forgotten", () => {
    const signers = createKnownSigners();
    signers.remember("ak_one", rowOf("1"));
    signers.remember("ak_one", rowOf("2"));
    expect(signers.get("ak_one")?.id).toBe("2");
    signers.forget("ak_one");
    expect(signers.get("ak_one")).toBeUndefined();
  });

  it("holds a bounded number of applications: past it, the one least recently heard from is read again", () => {
    const signers = createKnownSigners();
    signers.remember("ak_busy", rowOf("busy"));
    signers.remember("ak_quiet", rowOf("quiet"));
    for (let i = 2; i < knownSignersBound; i++) signers.remember(`ak_${i}`, rowOf(String(i)));
    // Full: the busy application calls again, then one more is remembered.
    expect(signers.get("ak_busy")?.id).toBe("busy");
    signers.remember("ak_new", rowOf("new"));
    expect(signers.get("ak_quiet")).toBeUndefined();
    expect(signers.get("ak_busy")?.id).toBe("busy");
    expect(signers.get("ak_2")?.id).toBe("2");
    expect(signers.get("ak_new")?.id).toBe("new");
  });
});
