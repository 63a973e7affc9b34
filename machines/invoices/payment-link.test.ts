import { describe, expect, it, vi } from "vitest";
import { createActor } from "xstate";
import { errCodes } from "../../contracts/schemas/envelope.ts";
import type { PaymentLinkRequest } from "../../contracts/schemas/invoices.ts";
import type { OpenInvoice } from "../../contracts/schemas/open-api-invoices.ts";
import { apiFailure, recordedCall, settle } from "../test-support.ts";
import { chosenAppCode, type PaymentLinkForm, paymentLinkMachine, paymentLinkSubmit } from "./payment-link.ts";
import { selectCanCreateLink, selectMadeLink } from "./payment-link-selectors.ts";

const requestId = "3f2b8c1e-7d4a-4e2f-9a6b-1c2d3e4f5a6b";
const form: PaymentLinkForm = {
  appCode: "2026112700000001",
  amount: " 12.5 ",
  description: "",
  expiresInSeconds: "900",
  redirectUrl: "",
};
const made: OpenInvoice = {
  invoiceId: "Pq7xVd2mLk9sTr4wYb1nZa",
  orderId: "link-3f2b8c1e7d4a4e2f9a6b1c2d3e4f5a6b",
  status: "new",
  flags: [],
  amount: "12.5",
  amountReceived: "0",
  currency: "USDT",
  description: null,
  customerEmail: null,
  redirectUrl: null,
  metadata: {},
  checkoutUrl: "https://console.example.com/pay/Pq7xVd2mLk9sTr4wYb1nZa",
  addresses: [],
  expiresAt: "2026-11-27T09:30:00.000Z",
  createdAt: "2026-11-27T09:15:00.000Z",
};

function start(answer: () => Promise<OpenInvoice> = async () => made) {
  const submit = recordedCall<PaymentLinkRequest, OpenInvoice>(answer);
  const effects = { made: vi.fn() };
  const actor = createActor(
    paymentLinkMachine.provide({
      actors: { submit: submit.actor },
      actions: { made: (_, params) => effects.made(params.link) },
    }),
  ).start();
  return { actor, calls: submit.calls, effects };
}

describe("paymentLinkMachine", () => {
  it("sends only the fields typed, trimmed, and shows the link it made until closed; the list hears it once", async () => {
    const { actor, calls, effects } = start();
    expect(selectCanCreateLink(actor.getSnapshot())).toBe(true);
    actor.send({ type: "dialog.open" });
    expect(actor.getSnapshot().hasTag("open")).toBe(true);
    expect(selectCanCreateLink(actor.getSnapshot())).toBe(false);
    actor.send(paymentLinkSubmit(form, requestId));
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await settle(actor, "made");
    expect(calls).toEqual([{ appCode: form.appCode, amount: "12.5", expiresInSeconds: 900, requestId }]);
    expect(selectMadeLink(actor.getSnapshot())).toEqual(made);
    expect(actor.getSnapshot().hasTag("open")).toBe(false);
    expect(effects.made).toHaveBeenCalledExactlyOnceWith(made);
    actor.send({ type: "dialog.close" });
    expect(actor.getSnapshot().value).toBe("closed");
    expect(selectMadeLink(actor.getSnapshot())).toBeNull();
  });

  it("names each field the form refuses, sends nothing, and keeps the dialog open", () => {
    const { actor, calls } = start();
    actor.send({ type: "dialog.open" });
    actor.send(
      paymentLinkSubmit({ ...form, amount: "0", redirectUrl: "http://shop.example.com", expiresInSeconds: "60" }, ""),
    );
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      amount: "validation.invoiceAmount",
      redirectUrl: "validation.httpsUrl",
      expiresInSeconds: "validation.invoiceExpiry",
      requestId: "validation.requestId",
    });
    expect(actor.getSnapshot().value).toBe("editing");
    actor.send(paymentLinkSubmit({ ...form, amount: "1.1234567" }, requestId));
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ amount: "validation.invoiceAmount" });
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal over the form, then makes another link from an empty dialog", async () => {
    let refuse = true;
    const { actor, effects } = start(async () => {
      if (refuse) throw apiFailure(errCodes.openApiNoPackage, "Choose or renew a package to create invoices");
      return made;
    });
    actor.send({ type: "dialog.open" });
    actor.send(
      paymentLinkSubmit({ ...form, description: "Two mugs", redirectUrl: "https://shop.example.com" }, requestId),
    );
    await settle(actor, "editing");
    expect(actor.getSnapshot().context.failure).toMatchObject({ errCode: errCodes.openApiNoPackage });
    expect(effects.made).not.toHaveBeenCalled();
    refuse = false;
    actor.send(paymentLinkSubmit(form, requestId));
    await settle(actor, "made");
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: "dialog.open" });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context).toEqual({ fieldErrors: {}, failure: null, link: null });
  });

  it("sends the application the choice shows: the first when the code held is none of the merchant's", () => {
    const apps = [
      { appCode: "2026112700000001", name: "Mug shop" },
      { appCode: "2026112700000002", name: "Tea shop" },
    ];
    // Opened before the applications arrived: no code yet, or one typed that is not the merchant's.
    expect(chosenAppCode("", apps)).toBe("2026112700000001");
    expect(chosenAppCode("2026112799999999", apps)).toBe("2026112700000001");
    expect(chosenAppCode("2026112700000002", apps)).toBe("2026112700000002");
    // Not known (yet, or they could not be read) or none: the code typed.
    expect(chosenAppCode("2026112799999999", null)).toBe("2026112799999999");
    expect(chosenAppCode("", [])).toBe("");
  });
});
