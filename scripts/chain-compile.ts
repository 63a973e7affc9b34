// npm run chain:compile — compiles chain/test-usdt.sol and chain/deposit-forwarder.sol with the registry's solc
// (solc-js) and writes chain/test-usdt.json and chain/deposit-forwarder.json (abi + bytecode), the artifacts the
// devnet deploys. scripts/chain-compile.test.ts recompiles and compares, so the committed artifacts always match
// their sources.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import solc from "solc";

const chainDir = join(import.meta.dirname, "../chain");
export const sourcePath = join(chainDir, "test-usdt.sol");
export const artifactPath = join(chainDir, "test-usdt.json");
const sourceName = "test-usdt.sol";
const contractName = "TestUSDT";
export const forwarderSourcePath = join(chainDir, "deposit-forwarder.sol");
export const forwarderArtifactPath = join(chainDir, "deposit-forwarder.json");
const forwarderSourceName = "deposit-forwarder.sol";
const forwarderContracts = ["DepositForwarderFactory", "DepositForwarder"] as const;

export interface ContractArtifact {
  contractName: string;
  sourceName: string;
  compiler: string;
  settings: { optimizer: { enabled: boolean; runs: number }; evmVersion: string };
  abi: unknown[];
  /** Creation bytecode, 0x-prefixed. */
  bytecode: string;
}

// Cancun: what Ethereum, BNB Chain and anvil all run, so the same bytecode could be deployed anywhere.
const settings = { optimizer: { enabled: true, runs: 200 }, evmVersion: "cancun" };

interface CompiledContract {
  abi: unknown[];
  evm: { bytecode: { object: string } };
}

/** Compiles one source file and returns the named contracts; throws solc's messages on an error. */
function compile(name: string, source: string, contracts: readonly string[]): Record<string, CompiledContract> {
  const input = {
    language: "Solidity",
    sources: { [name]: { content: source } },
    settings: {
      ...settings,
      outputSelection: { [name]: Object.fromEntries(contracts.map((c) => [c, ["abi", "evm.bytecode.object"]])) },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === "error");
  if (errors.length > 0)
    throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join("\n"));
  const compiled = output.contracts?.[name] ?? {};
  for (const contract of contracts) if (!compiled[contract]) throw new Error(`solc produced no ${contract}`);
  return compiled;
}

export function compileTestUsdt(source = readFileSync(sourcePath, "utf8")): ContractArtifact {
  const contract = compile(sourceName, source, [contractName])[contractName] as CompiledContract;
  return {
    contractName,
    sourceName,
    compiler: solc.version(),
    settings,
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  };
}

/** The factory and the forwarder whose creation code the factory's CREATE2 addresses are computed from. */
export interface ForwarderArtifact {
  sourceName: string;
  compiler: string;
  settings: ContractArtifact["settings"];
  contracts: Record<(typeof forwarderContracts)[number], { abi: unknown[]; bytecode: string }>;
}

export function compileDepositForwarder(source = readFileSync(forwarderSourcePath, "utf8")): ForwarderArtifact {
  const compiled = compile(forwarderSourceName, source, forwarderContracts);
  const entry = (name: (typeof forwarderContracts)[number]) => {
    const contract = compiled[name] as CompiledContract;
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  };
  return {
    sourceName: forwarderSourceName,
    compiler: solc.version(),
    settings,
    contracts: {
      DepositForwarderFactory: entry("DepositForwarderFactory"),
      DepositForwarder: entry("DepositForwarder"),
    },
  };
}

export function artifactText(artifact: ContractArtifact | ForwarderArtifact): string {
  return `${JSON.stringify(artifact, null, 2)}\n`;
}

if (import.meta.main) {
  const artifact = compileTestUsdt();
  writeFileSync(artifactPath, artifactText(artifact));
  process.stdout.write(
    `${artifactPath}: ${artifact.contractName}, ${(artifact.bytecode.length - 2) / 2} bytes, solc ${artifact.compiler}\n`,
  );
  const forwarder = compileDepositForwarder();
  writeFileSync(forwarderArtifactPath, artifactText(forwarder));
  for (const [name, { bytecode }] of Object.entries(forwarder.contracts))
    process.stdout.write(`${forwarderArtifactPath}: ${name}, ${(bytecode.length - 2) / 2} bytes\n`);
}
