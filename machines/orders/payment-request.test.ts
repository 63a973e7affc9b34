import { describe, expect, it } from "vitest";
import { compareAmounts, erc20TransferUri, isPositiveAmount, toBaseUnits } from "./payment-request.ts";

describe("toBaseUnits", () => {
  it("scales a decimal string exactly, beyond what a JavaScript number holds", () => {
    expect(toBaseUnits("29", 6)).toBe(29_000_000n);
    expect(toBaseUnits("0.000001", 6)).toBe(1n);
    expect(toBaseUnits("79.5", 18)).toBe(79_500_000_000_000_000_000n);
    expect(toBaseUnits("99999999999999999999.999999", 6)).toBe(99_999_999_999_999_999_999_999_999n);
    expect(toBaseUnits("12.34", 0)).toBe(13n);
  });

  it("rounds a fraction finer than the token up, so a wallet never pays less", () => {
    expect(toBaseUnits("1.0000001", 6)).toBe(1_000_001n);
    expect(toBaseUnits("1.0000000", 6)).toBe(1_000_000n);
  });

  it("refuses anything but a plain decimal", () => {
    for (const bad of ["", "-1", "1e6", "1.", ".5", "abc", "1,5"])
      expect(() => toBaseUnits(bad, 6)).toThrow(RangeError);
    expect(() => toBaseUnits("1", -1)).toThrow(RangeError);
  });
});

describe("compareAmounts", () => {
  it("compares decimal strings of any scale, a negative balance included", () => {
    expect(compareAmounts("29", "29.000000")).toBe(0);
    expect(compareAmounts("28.999999", "29")).toBe(-1);
    expect(compareAmounts("100", "29.5")).toBe(1);
    expect(compareAmounts("-1.5", "0")).toBe(-1);
    expect(isPositiveAmount("0.000000")).toBe(false);
    expect(isPositiveAmount("0.000001")).toBe(true);
  });
});

describe("erc20TransferUri", () => {
  it("writes an EIP-681 ERC-20 transfer request with the amount in base units", () => {
    expect(
      erc20TransferUri({
        token: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        chainId: 31337,
        recipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
        amount: "29.5",
        decimals: 6,
      }),
    ).toBe(
      "ethereum:0x5FbDB2315678afecb367f032d93F642f64180aa3@31337/transfer?address=0x70997970C51812dc3A010C7d01b50e0d17dc79C8&uint256=29500000",
    );
  });
});
