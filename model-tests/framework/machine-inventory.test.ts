import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createMachine, setup } from "xstate";
import { allModels, machinesWithoutModel } from "../models/all-models.ts";
import { type FoundMachine, findMachines, unmodelledMachines } from "./machine-inventory.ts";

const machine = (id: string) =>
  setup({ actions: { noop: () => {} } }).createMachine({ id, initial: "idle", states: { idle: {} } });
const found = (name: string, m = machine(name)): FoundMachine => ({ name, file: `machines/${name}.ts`, machine: m });

describe("findMachines", () => {
  it("finds every machine of machines/, and no test or helper", async () => {
    const machines = await findMachines("machines");
    expect(machines.map((m) => m.name)).toContain("sessionMachine");
    for (const m of machines) expect(m.name, m.file).toMatch(/Machine$/);
    const files = machines.map((m) => m.file);
    expect(files.filter((f) => /\.test\.ts$|test-support|api-failure/.test(f))).toEqual([]);
    expect(new Set(files).size).toBe(files.length);
    // Cross-checked against the source: each `export const …Machine = setup(…).createMachine` is found.
    const declared = readdirSync("machines", { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .flatMap((f) =>
        [...readFileSync(`machines/${f}`, "utf8").matchAll(/export const (\w+Machine) = setup\(/g)].map((m) => m[1]),
      );
    expect(declared.length).toBeGreaterThan(0);
    expect(machines.map((m) => m.name).sort()).toEqual(declared.sort());
  });
});

describe("unmodelledMachines", () => {
  it("passes today's tree: every machine has a model or a listed reason", async () => {
    expect(unmodelledMachines(await findMachines("machines"), allModels, machinesWithoutModel)).toEqual([]);
  });

  it("names a machine that has neither a model nor a reason", () => {
    const modelled = found("walkedMachine");
    const problems = unmodelledMachines(
      [modelled, found("newMachine")],
      [{ id: "walked", machine: modelled.machine }],
      {},
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^newMachine \(machines\/newMachine\.ts\) has no model/);
  });

  it("counts a model of a copy with implementations provided", () => {
    const m = found("providedMachine");
    expect(
      unmodelledMachines([m], [{ id: "provided", machine: m.machine.provide({ actions: { noop: () => {} } }) }], {}),
    ).toEqual([]);
    // The same shape made twice is two machines.
    expect(
      unmodelledMachines(
        [m],
        [{ id: "lookalike", machine: createMachine({ id: "providedMachine", initial: "idle", states: { idle: {} } }) }],
        {},
      ),
    ).toHaveLength(1);
  });

  it("accepts a machine listed with a reason, and refuses an empty reason, a listed modelled machine and a stale line", () => {
    const walked = found("walkedMachine");
    expect(
      unmodelledMachines([found("helperMachine")], [], { helperMachine: "no view: only composed by sessionMachine" }),
    ).toEqual([]);
    expect(unmodelledMachines([found("helperMachine")], [], { helperMachine: " " })).toEqual([
      "helperMachine (machines/helperMachine.ts) is listed in machinesWithoutModel without a reason",
    ]);
    expect(
      unmodelledMachines([walked], [{ id: "walked", machine: walked.machine }], { walkedMachine: "why" })[0],
    ).toMatch(/has a model but is also listed/);
    expect(unmodelledMachines([], [], { goneMachine: "was removed" })).toEqual([
      "machinesWithoutModel lists goneMachine, which no file of machines/ exports",
    ]);
  });
});
