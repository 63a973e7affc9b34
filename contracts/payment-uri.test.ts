import { describe, expect, it } from "vitest";
import { erc20TransferUri } from "./payment-uri.ts";

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

  it("asks for a fraction finer than the token rounded up, so a wallet never pays less", () => {
    const request = { token: "0xT", chainId: 1, recipient: "0xR", decimals: 6 };
    expect(erc20TransferUri({ ...request, amount: "1.0000001" })).toMatch(/uint256=1000001$/);
    expect(erc20TransferUri({ ...request, amount: "1.0000000" })).toMatch(/uint256=1000000$/);
  });
});
