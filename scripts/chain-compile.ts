// npm run chain:compile — compiles chain/test-usdt.sol with the registry's solc (solc-js) and writes
// chain/test-usdt.json (abi + bytecode), the artifact the devnet deploys. scripts/chain-compile.test.ts
// recompiles and compares, so the committed artifact always matches the source.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import solc from "solc";

const chainDir = join(import.meta.dirname, "../chain");
export const sourcePath = join(chainDir, "test-usdt.sol");
export const artifactPath = join(chainDir, "test-usdt.json");
const sourceName = "test-usdt.sol";
const contractName = "TestUSDT";

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

export function compileTestUsdt(source = readFileSync(sourcePath, "utf8")): ContractArtifact {
  const input = {
    language: "Solidity",
    sources: { [sourceName]: { content: source } },
    settings: { ...settings, outputSelection: { [sourceName]: { [contractName]: ["abi", "evm.bytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === "error");
  if (errors.length > 0)
    throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join("\n"));
  const contract = output.contracts?.[sourceName]?.[contractName];
  if (!contract) throw new Error(`solc produced no ${contractName}`);
  return {
    contractName,
    sourceName,
    compiler: solc.version(),
    settings,
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  };
}

export function artifactText(artifact: ContractArtifact): string {
  return `${JSON.stringify(artifact, null, 2)}\n`;
}

if (import.meta.main) {
  const artifact = compileTestUsdt();
  writeFileSync(artifactPath, artifactText(artifact));
  process.stdout.write(
    `${artifactPath}: ${artifact.contractName}, ${(artifact.bytecode.length - 2) / 2} bytes, solc ${artifact.compiler}\n`,
  );
}
