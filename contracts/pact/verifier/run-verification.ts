import { readdirSync } from "node:fs";
import { join } from "node:path";
import { Verifier, type VerifierOptions } from "@pact-foundation/pact";
import { pactDir, providerName } from "../pact-names.ts";
import type { StateHandlers } from "./state-handlers.ts";

export interface VerificationInput {
  providerBaseUrl: string;
  /** In-process state handlers (reference server). */
  stateHandlers?: StateHandlers;
  beforeEach?: () => Promise<void>;
  /** A foreign provider's own state-change URL. */
  statesUrl?: string;
  pactFiles?: string[];
  broker?: { url: string; providerVersion?: string; providerBranch?: string; publish: boolean };
  logLevel?: VerifierOptions["logLevel"];
}

export interface InteractionFailure {
  description: string;
  states: string[];
  reasons: string[];
}

export interface VerificationReport {
  total: number;
  failures: InteractionFailure[];
  /** Failures of interactions the broker marks pending: shown, but they do not fail the run. */
  pending: InteractionFailure[];
  /** Errors outside any interaction (no pacts, crash, hook failure). */
  errors: string[];
}

/** Every pact file in contracts/pacts/. */
export const localPactFiles = () =>
  readdirSync(pactDir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => join(pactDir, name));

const brokerOptions = (broker: NonNullable<VerificationInput["broker"]>): Partial<VerifierOptions> => ({
  pactBrokerUrl: broker.url,
  ...(process.env.PACT_BROKER_TOKEN ? { pactBrokerToken: process.env.PACT_BROKER_TOKEN } : {}),
  ...(process.env.PACT_BROKER_USERNAME ? { pactBrokerUsername: process.env.PACT_BROKER_USERNAME } : {}),
  ...(process.env.PACT_BROKER_PASSWORD ? { pactBrokerPassword: process.env.PACT_BROKER_PASSWORD } : {}),
  consumerVersionSelectors: [{ mainBranch: true }, { matchingBranch: true }, { deployedOrReleased: true }],
  enablePending: true,
  publishVerificationResult: broker.publish,
  ...(broker.providerVersion ? { providerVersion: broker.providerVersion } : {}),
  ...(broker.providerBranch ? { providerVersionBranch: broker.providerBranch } : {}),
});

/** Runs the Pact verifier; the core prints its own per-interaction report on stdout. */
export async function runVerification(input: VerificationInput): Promise<VerificationReport> {
  const options: VerifierOptions = {
    provider: providerName,
    providerBaseUrl: input.providerBaseUrl,
    logLevel: input.logLevel ?? "warn",
    ...(input.broker
      ? brokerOptions(input.broker)
      : { pactUrls: input.pactFiles?.length ? input.pactFiles : localPactFiles() }),
    ...(input.stateHandlers ? { stateHandlers: input.stateHandlers } : {}),
    ...(input.beforeEach ? { beforeEach: input.beforeEach } : {}),
    ...(input.statesUrl ? { providerStatesSetupUrl: input.statesUrl } : {}),
    failIfNoPactsFound: true,
  };
  let raw: string;
  try {
    raw = await new Verifier(options).verifyProvider();
  } catch (error) {
    raw = error instanceof Error ? error.message : String(error);
  }
  return readReport(raw);
}

interface CoreMismatch {
  mismatch?: string;
  path?: string;
  type?: string;
}
interface CoreResult {
  description?: string;
  pending?: boolean;
  providerStates?: string[];
  result?: string;
  mismatch?: { mismatches?: CoreMismatch[]; message?: string; type?: string; error?: string };
}

/** The core answers JSON (`interactionResults`), or a plain message when it could not run. */
export function readReport(raw: string): VerificationReport {
  let parsed: { interactionResults?: CoreResult[] };
  try {
    parsed = JSON.parse(raw) as typeof parsed;
  } catch {
    return { total: 0, failures: [], pending: [], errors: [raw || "the verifier failed without a message"] };
  }
  const results = parsed.interactionResults ?? [];
  const failed = results.filter((r) => r.result?.toUpperCase() !== "OK");
  const describe = (r: CoreResult): InteractionFailure => ({
    description: r.description ?? "(no description)",
    states: r.providerStates ?? [],
    reasons: reasonsOf(r.mismatch),
  });
  return {
    total: results.length,
    failures: failed.filter((r) => !r.pending).map(describe),
    pending: failed.filter((r) => r.pending).map(describe),
    errors: results.length === 0 ? ["no interactions were verified"] : [],
  };
}

function reasonsOf(mismatch: CoreResult["mismatch"]): string[] {
  if (!mismatch) return ["failed"];
  if (mismatch.mismatches?.length)
    return mismatch.mismatches.map((m) => (m.path ? `${m.path}: ${m.mismatch}` : (m.mismatch ?? m.type ?? "mismatch")));
  return [mismatch.message ?? mismatch.error ?? JSON.stringify(mismatch)];
}

/** A short summary after the core's long report. */
export function formatReport(report: VerificationReport, stateFailures: readonly string[] = []): string {
  const lines: string[] = [];
  const passed = report.total - report.failures.length - report.pending.length;
  lines.push(`${passed}/${report.total} interactions passed.`);
  const list = (label: string, failures: InteractionFailure[]) => {
    for (const failure of failures) {
      const given = failure.states.length ? ` (given ${failure.states.join(" and ")})` : "";
      lines.push(`${label}: ${failure.description}${given}`);
      for (const reason of failure.reasons) lines.push(`    ${reason}`);
    }
  };
  list("FAILED", report.failures);
  list("PENDING (does not fail the run)", report.pending);
  for (const state of stateFailures) lines.push(`STATE SETUP FAILED: ${state}`);
  for (const error of report.errors) lines.push(`ERROR: ${error}`);
  return lines.join("\n");
}

export const reportPassed = (report: VerificationReport, stateFailures: readonly string[] = []) =>
  report.total > 0 && report.failures.length === 0 && report.errors.length === 0 && stateFailures.length === 0;
