import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { endpoints } from "./endpoints.ts";
import { stringLeaves } from "./testing/request-fields.ts";
import { walletProduct } from "./schemas/wallet.ts";

/** Every string a request can carry, found by walking the endpoint table: a new field must refuse them too. */
const requestStrings = Object.entries(endpoints).flatMap(([name, endpoint]) => [
  ...(endpoint.body
    ? stringLeaves(endpoint.body).map((leaf) => ({ ...leaf, where: `${name} body ${leaf.path}` }))
    : []),
  ...(endpoint.query
    ? stringLeaves(endpoint.query).map((leaf) => ({ ...leaf, where: `${name} query ${leaf.path}` }))
    : []),
]);

describe("every string field of every request", () => {
  it("is found by the walk", () => {
    const found = requestStrings.map((s) => s.where);
    for (const known of [
      "login body email",
      "register body repeatPassword",
      "logout query uid",
      "messageRead body ids[]",
      "googleLogin body credential",
    ]) {
      expect(found).toContain(known);
    }
  });

  for (const { where, schema } of requestStrings) {
    it(`${where} refuses control characters and lone surrogates`, () => {
      for (const bad of ["\u0000", "a\u0000b", "a\u001bb", "a\tb", "a\u007fb", "a\u0085b", "a\ud800b", "a\udfffb"]) {
        const issues = z.safeParse(schema, bad).error?.issues.map((i) => i.message);
        expect(issues, JSON.stringify(bad)).toEqual(["validation.invalidCharacters"]);
      }
    });
  }

  it("the wallet product of the path refuses them too", () => {
    expect(walletProduct.safeParse("Tron\u0000").error?.issues.map((i) => i.message)).toEqual([
      "validation.invalidCharacters",
    ]);
  });
});
