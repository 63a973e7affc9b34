import { fileURLToPath } from "node:url";

export const consumerName = "merchant-console";
export const providerName = "merchant-api";
/** Where the consumer tests write and the verifier reads the pact files. */
export const pactDir = fileURLToPath(new URL("../pacts/", import.meta.url));
export const pactFileName = `${consumerName}-${providerName}.json`;
