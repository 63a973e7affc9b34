import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  artifactPath,
  artifactText,
  compileDepositForwarder,
  compileTestUsdt,
  forwarderArtifactPath,
} from "./chain-compile.ts";

describe("the test USDT artifact", () => {
  it("is what chain/test-usdt.sol compiles to (run `npm run chain:compile` after changing the source)", () => {
    expect(artifactText(compileTestUsdt())).toBe(readFileSync(artifactPath, "utf8"));
  });

  it("has the ERC-20 surface the devnet uses", () => {
    const { abi } = JSON.parse(readFileSync(artifactPath, "utf8")) as { abi: { type: string; name?: string }[] };
    const names = abi.map((item) => `${item.type}:${item.name ?? ""}`);
    for (const name of [
      "transfer",
      "transferFrom",
      "approve",
      "allowance",
      "balanceOf",
      "totalSupply",
      "decimals",
      "name",
      "symbol",
      "mint",
    ]) {
      expect(names).toContain(`function:${name}`);
    }
    expect(names).toContain("event:Transfer");
    expect(names).toContain("event:Approval");
  });

  it("refuses a source that does not compile", () => {
    expect(() => compileTestUsdt("pragma solidity ^0.8.24; contract TestUSDT { function f( }")).toThrow(/Error/);
  });
});

describe("the deposit forwarder artifact", () => {
  it("is what chain/deposit-forwarder.sol compiles to (run `npm run chain:compile` after changing the source)", () => {
    expect(artifactText(compileDepositForwarder())).toBe(readFileSync(forwarderArtifactPath, "utf8"));
  });
});
