import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { ServicePackage } from "../../contracts/schemas/packages.ts";
import { apiFailure, settle } from "../test-support.ts";
import { selectEnterprisePack } from "./package-catalogue-selectors.ts";
import { packageCatalogueMachine } from "./package-catalogue.ts";

const pack = (kind: ServicePackage["kind"], code: string): ServicePackage => ({
  id: code,
  code,
  name: code,
  kind,
  price: kind === "enterprise" ? "999" : "29",
  termUnit: kind === "enterprise" ? "year" : "month",
  termCount: 1,
  termMonths: kind === "enterprise" ? 12 : 1,
  limits: { wallets: null, currencies: null, applications: null },
});

function start(...answers: Array<() => Promise<ServicePackage[]>>) {
  let calls = 0;
  const machine = packageCatalogueMachine.provide({
    actors: { loadCatalogue: fromPromise(() => (answers[calls++] ?? answers.at(-1)!)()) },
  });
  return { actor: createActor(machine).start(), calls: () => calls };
}

describe("the public package catalogue", () => {
  it("asks once and shows the enterprise package of the catalogue", async () => {
    const enterprise = pack("enterprise", "enterprise");
    const { actor, calls } = start(async () => [pack("standard", "basic"), enterprise]);
    expect(selectEnterprisePack(actor.getSnapshot())).toEqual({ kind: "loading" });
    await settle(actor, "ready");
    expect(calls()).toBe(1);
    expect(selectEnterprisePack(actor.getSnapshot())).toEqual({ kind: "ready", pack: enterprise });
  });

  it("says so when no enterprise package is on sale", async () => {
    const { actor } = start(async () => [pack("standard", "basic")]);
    await settle(actor, "ready");
    expect(selectEnterprisePack(actor.getSnapshot())).toEqual({ kind: "missing" });
  });

  it("says when the catalogue could not be loaded, and asks again on Retry", async () => {
    const { actor, calls } = start(
      async () => {
        throw apiFailure("5000");
      },
      async () => [pack("enterprise", "enterprise")],
    );
    await settle(actor, "failed");
    expect(selectEnterprisePack(actor.getSnapshot())).toEqual({ kind: "failed" });
    actor.send({ type: "catalogue.retry" });
    expect(selectEnterprisePack(actor.getSnapshot())).toEqual({ kind: "loading" });
    await settle(actor, "ready");
    expect(calls()).toBe(2);
    expect(selectEnterprisePack(actor.getSnapshot())).toMatchObject({ kind: "ready" });
  });
});
