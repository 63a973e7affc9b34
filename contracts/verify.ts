import { type VerifyArgs, parseVerifyArgs, usage } from "./pact/verifier/cli-args.ts";
import {
  type VerificationInput,
  formatReport,
  reportPassed,
  runVerification,
} from "./pact/verifier/run-verification.ts";

/**
 * Provider verifier CLI: `npm run contracts:verify [-- --base-url URL [--states-url URL]]`.
 * Without --base-url it verifies the reference server, started here on a loopback port.
 */
async function main(argv: string[]): Promise<number> {
  // The machine may have no outside network; Pact's usage metrics would only time out.
  process.env.PACT_DO_NOT_TRACK ??= "true";
  let args: VerifyArgs;
  try {
    args = parseVerifyArgs(argv);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.error(`\n${usage}`);
    return 2;
  }
  if (args.help) {
    console.log(usage);
    return 0;
  }
  const common: Omit<VerificationInput, "providerBaseUrl"> = {
    pactFiles: args.pactFiles,
    logLevel: args.logLevel,
    ...(args.brokerUrl
      ? {
          broker: {
            url: args.brokerUrl,
            providerVersion: args.providerVersion,
            providerBranch: args.providerBranch,
            publish: args.publish,
          },
        }
      : {}),
  };
  return args.baseUrl ? verifyForeign(args.baseUrl, args.statesUrl, common) : verifyReference(common);
}

async function verifyForeign(
  baseUrl: string,
  statesUrl: string | undefined,
  common: Omit<VerificationInput, "providerBaseUrl">,
) {
  if (!statesUrl)
    console.warn("No --states-url: provider states are not set up, so interactions that need data will fail.");
  console.log(`Verifying ${baseUrl}${statesUrl ? ` (states via ${statesUrl})` : ""}`);
  const report = await runVerification({ ...common, providerBaseUrl: baseUrl, ...(statesUrl ? { statesUrl } : {}) });
  console.log(`\n${formatReport(report)}`);
  return reportPassed(report) ? 0 : 1;
}

async function verifyReference(common: Omit<VerificationInput, "providerBaseUrl">) {
  // Loaded only here, so verifying a foreign provider needs none of the server's code.
  const { startReferenceProvider } = await import("./pact/verifier/reference-provider.ts");
  const { createStateHandlers } = await import("./pact/verifier/state-handlers.ts");
  const provider = await startReferenceProvider();
  console.log(`Verifying the reference server at ${provider.baseUrl} (in-memory database)`);
  try {
    const states = createStateHandlers(provider.seeder);
    const report = await runVerification({
      ...common,
      providerBaseUrl: provider.baseUrl,
      stateHandlers: states.handlers,
      beforeEach: states.beforeEach,
    });
    console.log(`\n${formatReport(report, states.failures)}`);
    return reportPassed(report, states.failures) ? 0 : 1;
  } finally {
    await provider.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);
