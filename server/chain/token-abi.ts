import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Hex, parseAbi, parseAbiItem } from "viem";

/** The ERC-20 calls and the event the chain layer uses (the test USDT also has `mint`). */
export const erc20Abi = parseAbi([
  "function transfer(address to, uint256 value) returns (bool)",
  "function balanceOf(address owner) view returns (uint256)",
  "function decimals() view returns (uint8)",
  "function symbol() view returns (string)",
  "function mint(address to, uint256 value)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
]);

export const transferEvent = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

/** Creation bytecode of chain/test-usdt.sol, from the committed artifact (npm run chain:compile). */
export function testUsdtBytecode(): Hex {
  const artifact = JSON.parse(readFileSync(join(import.meta.dirname, "../../chain/test-usdt.json"), "utf8")) as {
    bytecode: Hex;
  };
  return artifact.bytecode;
}
