import type { SnapshotFrom } from "xstate";
import type { ServicePackage } from "../../contracts/schemas/packages.ts";
import type { packageCatalogueMachine } from "./package-catalogue.ts";

/** The enterprise pack as its page shows it: loading, could not be loaded, not on sale, or the package. */
export type EnterprisePackView =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "missing" }
  | { kind: "ready"; pack: ServicePackage };

export function selectEnterprisePack(s: SnapshotFrom<typeof packageCatalogueMachine>): EnterprisePackView {
  if (s.matches("failed")) return { kind: "failed" };
  const { packages } = s.context;
  if (!packages) return { kind: "loading" };
  const pack = packages.find((p) => p.kind === "enterprise");
  return pack ? { kind: "ready", pack } : { kind: "missing" };
}
