import type { SnapshotFrom } from "xstate";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { appAddMachine } from "./app-add.ts";

/** Refusals that a package would lift: over the limit (2402), no package (2403), an expired one (2404). */
const packageRefusals: ReadonlySet<string> = new Set([
  errCodes.appLimitReached,
  errCodes.appNoPackage,
  errCodes.appPackageExpired,
]);

/** The add dialog offers the packages page when the package is what stands in the way. */
export const selectOffersPackages = (s: SnapshotFrom<typeof appAddMachine>): boolean =>
  packageRefusals.has(s.context.failure?.errCode ?? "");
