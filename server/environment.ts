/**
 * NODE_ENV as the server reads it. Only `production` turns the production rules on (SMTP required, no dev outbox,
 * no devnet, no cheap hashing), so any other spelling of it (`Production`, `prod`, `production ` …) used to run a
 * would-be production server as development: the devnet, codes in the log, DevPay. Unknown values are refused.
 */
export const nodeEnvironments = ["production", "development", "test"] as const;
export type NodeEnvironment = (typeof nodeEnvironments)[number];

/** The environment NODE_ENV names; unset or empty is development. Anything else throws, saying what is accepted. */
export function readNodeEnv(value: string | undefined): NodeEnvironment {
  if (value === undefined || value === "") return "development";
  if ((nodeEnvironments as readonly string[]).includes(value)) return value as NodeEnvironment;
  throw new Error(
    `NODE_ENV=${JSON.stringify(value).slice(1, -1)} is not one of ${nodeEnvironments.join(", ")} (or unset, which is development): ` +
      "spell it exactly, since only NODE_ENV=production turns the production rules on",
  );
}
