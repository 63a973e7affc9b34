import {
  type Abi,
  type AbiItem,
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  decodeEventLog,
  getAddress,
  type Hash,
  encodeAbiParameters,
  type Hex,
  keccak256,
  parseAbi,
} from "viem";
import { privateKeyToAccount, generatePrivateKey } from "viem/accounts";
import solc from "solc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  compiledForwarderAbis,
  depositAddress,
  depositSalt,
  depositSaltKey,
  deployForwarderFactory,
  forwarderAbi,
  forwarderFactoryAbi,
  sendSweep,
} from "./deposit-forwarder.ts";
import { startTestChain, type TestChain } from "./test-chain.ts";
import { erc20Abi } from "./token-abi.ts";

const key = depositSaltKey(Buffer.alloc(32, 9));
let chain: TestChain;
let factory: Address;
let stranger: Address;
const treasury = privateKeyToAccount(generatePrivateKey()).address;

beforeAll(async () => {
  chain = await startTestChain();
  const [, second] = await chain.clients.wallet.getAddresses();
  stranger = second as Address;
  factory = await deployForwarderFactory(chain.clients, chain.dev, treasury, chain.dev);
}, 60_000);
afterAll(() => chain?.stop());

const balanceOf = (owner: Address, token = chain.token) =>
  chain.clients.public.readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] });
const receiptOf = (hash: Hash) => chain.clients.public.waitForTransactionReceipt({ hash });
/** The amount the factory's Swept event reports for a sweep transaction. */
async function sweptAmount(hash: Hash): Promise<bigint> {
  const receipt = await receiptOf(hash);
  expect(receipt.status).toBe("success");
  const [log] = receipt.logs
    .filter((l) => getAddress(l.address) === factory)
    .map((l) => decodeEventLog({ abi: forwarderFactoryAbi, data: l.data, topics: l.topics }));
  if (!log) throw new Error(`no Swept event in ${hash}`);
  if (log.eventName !== "Swept") throw new Error(`unexpected ${log.eventName}`);
  return log.args.amount;
}
/** Runs a call as `account` would send it, expected to revert; resolves to what the node said (the error's name). */
async function revertOf(
  call: { address: Address; abi: Abi; functionName: string; args: unknown[] },
  account: Address,
): Promise<string> {
  try {
    await chain.clients.public.simulateContract({ ...call, account } as never);
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    return reverted instanceof ContractFunctionRevertedError
      ? (reverted.data?.errorName ?? reverted.message)
      : String(error);
  }
  return "no revert";
}

describe("deposit addresses without private keys (chain/deposit-forwarder.sol)", () => {
  it("calls the contracts through ABIs that agree with the compiled ones", () => {
    const signature = (item: AbiItem) =>
      `${item.type} ${"name" in item ? item.name : ""}(${"inputs" in item ? item.inputs.map((i) => i.type).join(",") : ""})`;
    const compiled = (abi: Abi) => new Set(abi.map(signature));
    // The factory's callers also meet the forwarder's errors, which the factory passes on.
    const reachable = [...compiledForwarderAbis.factory, ...compiledForwarderAbis.forwarder];
    for (const item of forwarderFactoryAbi) expect(compiled(reachable)).toContain(signature(item));
    for (const item of forwarderAbi) expect(compiled(compiledForwarderAbis.forwarder)).toContain(signature(item));
  });

  it("gives one salt per application and end user, never shared by another pair", () => {
    expect(depositSalt(key, "app-1", "user-7")).toBe(depositSalt(key, "app-1", "user-7"));
    expect(depositSalt(key, "ab", "c")).not.toBe(depositSalt(key, "a", "bc"));
    expect(depositSalt(key, "app-1", "user-7")).not.toBe(depositSalt(key, "app-2", "user-7"));
  });

  it("keys the salt with the server secret: stable for one secret, another for another, not the public derivation", () => {
    const again = depositSaltKey(Buffer.alloc(32, 9));
    expect(depositSalt(again, "app-1", "user-7")).toBe(depositSalt(key, "app-1", "user-7"));
    const other = depositSaltKey(Buffer.alloc(32, 8));
    expect(depositSalt(other, "app-1", "user-7")).not.toBe(depositSalt(key, "app-1", "user-7"));
    // The salt before issue 67, computable by anyone: it no longer gives the address the server issues.
    const publicSalt = keccak256(encodeAbiParameters([{ type: "string" }, { type: "string" }], ["app-1", "user-7"]));
    expect(depositSalt(key, "app-1", "user-7")).not.toBe(publicSalt);
    expect(depositAddress(factory, depositSalt(key, "app-1", "user-7"))).not.toBe(depositAddress(factory, publicSalt));
  });

  it("computes the address the factory deploys to, before anything is there, and the deposit waits in it", async () => {
    const salt = depositSalt(key, "app-1", "user-1");
    const address = depositAddress(factory, salt);
    expect(
      await chain.clients.public.readContract({
        address: factory,
        abi: forwarderFactoryAbi,
        functionName: "forwarderAddress",
        args: [salt],
      }),
    ).toBe(address);
    expect(await chain.clients.public.getCode({ address })).toBeUndefined();
    await chain.pay(address, 25_000_000n);
    expect(await balanceOf(address)).toBe(25_000_000n);
  });

  it("sweeps into the treasury only on the operator's order, deploying the forwarder the first time", async () => {
    const salt = depositSalt(key, "app-1", "user-2");
    const address = depositAddress(factory, salt);
    await chain.pay(address, 7_000_000n);
    const sweep = { address: factory, abi: forwarderFactoryAbi, functionName: "sweep", args: [salt, chain.token] };
    expect(await revertOf(sweep, stranger)).toBe("NotOperator");
    const before = await balanceOf(treasury);
    expect(await sweptAmount(await sendSweep(chain.clients, factory, chain.dev, salt, chain.token))).toBe(7_000_000n);
    expect(await balanceOf(address)).toBe(0n);
    expect(await balanceOf(treasury)).toBe(before + 7_000_000n);
    expect(await chain.clients.public.getCode({ address })).toMatch(/^0x[0-9a-f]+$/);

    // A later deposit to the same address, its forwarder already there.
    await chain.pay(address, 3_000_000n);
    expect(await sweptAmount(await sendSweep(chain.clients, factory, chain.dev, salt, chain.token))).toBe(3_000_000n);
    expect(await balanceOf(treasury)).toBe(before + 10_000_000n);
  });

  it("moves nothing for a token the address does not hold, and a forwarder obeys only its factory", async () => {
    const salt = depositSalt(key, "app-1", "user-3");
    const address = depositAddress(factory, salt);
    await chain.pay(address, 1_000_000n);
    expect(await sweptAmount(await sendSweep(chain.clients, factory, chain.dev, salt, chain.otherToken))).toBe(0n);
    const direct = { address, abi: forwarderAbi, functionName: "sweep", args: [chain.token, chain.dev] };
    expect(await revertOf(direct, chain.dev)).toBe("NotFactory");
    expect(await balanceOf(address)).toBe(1_000_000n);
  });

  it("sweeps a token whose transfer returns nothing, as Ethereum's USDT does", async () => {
    const token = await deployNoReturnToken();
    const salt = depositSalt(key, "app-1", "user-4");
    const address = depositAddress(factory, salt);
    // Mined before the sweep is sent: its gas is estimated from the balance it finds.
    const minted = await chain.clients.wallet.writeContract({
      address: token,
      abi: noReturnTokenAbi,
      functionName: "mint",
      args: [address, 5_000_000n],
      account: chain.dev,
      chain: null,
    });
    await receiptOf(minted);
    expect(await sweptAmount(await sendSweep(chain.clients, factory, chain.dev, salt, token))).toBe(5_000_000n);
    expect(await balanceOf(treasury, token)).toBe(5_000_000n);
  });
});

const noReturnTokenAbi = parseAbi([
  "function mint(address to, uint256 value)",
  "function transfer(address to, uint256 value)",
  "function balanceOf(address owner) view returns (uint256)",
]);

/** A token shaped like Ethereum's USDT where it matters here: `transfer` returns no value. */
async function deployNoReturnToken(): Promise<Address> {
  const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract NoReturnToken {
    mapping(address => uint256) public balanceOf;
    function mint(address to, uint256 value) external { balanceOf[to] += value; }
    function transfer(address to, uint256 value) external { balanceOf[msg.sender] -= value; balanceOf[to] += value; }
}`;
  const input = {
    language: "Solidity",
    sources: { "no-return-token.sol": { content: source } },
    settings: { outputSelection: { "*": { NoReturnToken: ["evm.bytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const bytecode = `0x${output.contracts["no-return-token.sol"].NoReturnToken.evm.bytecode.object}` as Hex;
  const hash = await chain.clients.wallet.deployContract({
    abi: noReturnTokenAbi,
    bytecode,
    account: chain.dev,
    chain: null,
  });
  const deployed = (await receiptOf(hash)).contractAddress;
  if (!deployed) throw new Error("the no-return token was not deployed");
  return getAddress(deployed);
}
