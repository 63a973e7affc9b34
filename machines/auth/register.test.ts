import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { RegisterRequest } from "../../contracts/schemas/auth.ts";
import { registerMachine } from "./register.ts";
import { apiFailure, settle } from "../test-support.ts";

const form = { email: "m@example.com", code: "123456", password: "Merchant7Pass", repeatPassword: "Merchant7Pass" };

function start(
  answer: () => Promise<{ userId: string; email: string }> = async () => ({ userId: "100001", email: "m@example.com" }),
) {
  const bodies: RegisterRequest[] = [];
  const machine = registerMachine.provide({
    actors: {
      register: fromPromise(async ({ input }) => {
        bodies.push(input);
        return answer();
      }),
    },
  });
  return { actor: createActor(machine).start(), bodies };
}

describe("register machine", () => {
  it.each([
    [{ email: "bad" }, { email: "validation.emailFormat" }],
    [{ code: "" }, { code: "validation.codeRequired" }],
    [{ password: "short1A", repeatPassword: "short1A" }, { password: "validation.passwordRules" }],
    [{ password: "alllower123", repeatPassword: "alllower123" }, { password: "validation.passwordRules" }],
    [{ repeatPassword: "Secret124" }, { repeatPassword: "validation.passwordsMismatch" }],
  ])("refuses %o before calling the server", (change, errors) => {
    const { actor, bodies } = start();
    actor.send({ type: "register.submit", ...form, ...change });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.fieldErrors).toMatchObject(errors);
    expect(bodies).toHaveLength(0);
  });

  it("registers a valid form", async () => {
    const { actor, bodies } = start();
    actor.send({ type: "register.submit", ...form });
    await settle(actor, "registered");
    expect(bodies).toEqual([form]);
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("goes back to editing with the server's reason, e.g. e-mail already registered", async () => {
    const { actor } = start(() => Promise.reject(apiFailure("2001")));
    actor.send({ type: "register.submit", ...form });
    await settle(actor, "editing");
    expect(actor.getSnapshot().context.failure?.errCode).toBe("2001");
  });
});
