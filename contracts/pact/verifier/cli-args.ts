import { parseArgs } from "node:util";

export interface VerifyArgs {
  help: boolean;
  /** A foreign provider to verify; absent means the in-process reference server. */
  baseUrl?: string;
  /** The foreign provider's own provider-state change URL. */
  statesUrl?: string;
  /** Pact files to verify; default every file in contracts/pacts/. */
  pactFiles: string[];
  /** Fetch the pacts from a Pact Broker instead of the files (token from PACT_BROKER_TOKEN). */
  brokerUrl?: string;
  providerVersion?: string;
  providerBranch?: string;
  /** Publish the verification result to the broker (needs brokerUrl and providerVersion). */
  publish: boolean;
  logLevel: "error" | "warn" | "info" | "debug" | "trace";
}

export const usage = `Verify the merchant-console pacts against a provider.

Usage:
  npm run contracts:verify                          verify contracts/pacts/*.json against the reference
                                                    server, started in-process on a loopback port with
                                                    a fresh in-memory database
  npm run contracts:verify -- --base-url URL [--states-url URL]
                                                    verify a provider that is already running at URL;
                                                    provider states are POSTed to --states-url as
                                                    {"state", "params", "action": "setup"|"teardown"}

Options:
  --base-url URL          provider to verify (no in-process server)
  --states-url URL        the provider's state-change endpoint (default: none, states are skipped)
  --pact FILE             a pact file to verify (repeatable; default every file in contracts/pacts/)
  --broker-url URL        fetch the pacts from a Pact Broker (token in PACT_BROKER_TOKEN, or
                          PACT_BROKER_USERNAME / PACT_BROKER_PASSWORD) instead of the files
  --provider-version V    the provider's version, e.g. its git SHA (needed to publish)
  --provider-branch B     the provider's branch
  --publish               publish the verification results to the broker
  --log-level LEVEL       error | warn | info | debug | trace (default warn)
  --help                  show this text

Exits 0 when every interaction passes, 1 when any fails, 2 on bad arguments.`;

const logLevels = ["error", "warn", "info", "debug", "trace"] as const;

/** Parses the command line; throws with a readable message on a bad one. */
export function parseVerifyArgs(argv: string[]): VerifyArgs {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      help: { type: "boolean", short: "h", default: false },
      "base-url": { type: "string" },
      "states-url": { type: "string" },
      pact: { type: "string", multiple: true, default: [] },
      "broker-url": { type: "string" },
      "provider-version": { type: "string" },
      "provider-branch": { type: "string" },
      publish: { type: "boolean", default: false },
      "log-level": { type: "string", default: "warn" },
    },
  });
  const logLevel = values["log-level"];
  if (!logLevels.includes(logLevel as VerifyArgs["logLevel"]))
    throw new Error(`--log-level must be one of ${logLevels.join(", ")}`);
  for (const name of ["base-url", "states-url", "broker-url"] as const) {
    const value = values[name];
    if (value !== undefined && !URL.canParse(value)) throw new Error(`--${name} is not a URL: ${value}`);
  }
  if (values["states-url"] && !values["base-url"])
    throw new Error("--states-url needs --base-url (the reference server sets up its own states)");
  if (values.publish && !(values["broker-url"] && values["provider-version"]))
    throw new Error("--publish needs --broker-url and --provider-version");
  return {
    help: values.help,
    baseUrl: values["base-url"],
    statesUrl: values["states-url"],
    pactFiles: values.pact,
    brokerUrl: values["broker-url"],
    providerVersion: values["provider-version"],
    providerBranch: values["provider-branch"],
    publish: values.publish,
    logLevel: logLevel as VerifyArgs["logLevel"],
  };
}
