import { rmSync } from "node:fs";
import { join } from "node:path";
import { pactDir, pactFileName } from "./pact-names.ts";

/** Pact merges into an existing file; start from nothing so deleted interactions disappear. */
export function setup() {
  rmSync(join(pactDir, pactFileName), { force: true });
}
