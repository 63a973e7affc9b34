import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { InvoiceRefund } from "../../contracts/schemas/invoice-refunds.ts";
import type { OpenWithdrawal } from "../../contracts/schemas/open-api.ts";
import { invoiceRefundMachine } from "./invoice-refund.ts";
import type { WithdrawalAddress } from "../../contracts/schemas/wallet.ts";
import {
  isRefundable,
  isUnknownDestination,
  refundableOf,
  refundChainsOf,
  refundFeeOf,
  suggestedRefundOf,
} from "./invoice-refundable.ts";

const refund = (amount: string, status: InvoiceRefund["status"]): InvoiceRefund => ({
  withdrawalId: "1",
  chain: "Devnet",
  to: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
  amount,
  status,
  txHash: null,
  createdAt: "2026-11-27T10:00:00.000Z",
});

const asked: OpenWithdrawal = {
  id: "7",
  chain: "Devnet",
  chainId: 31337,
  token: `0x${"11".repeat(20)}`,
  to: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
  amount: "5",
  fee: "1",
  status: "requested",
  txHash: null,
  failure: null,
  waiting: null,
  createdAt: "2026-11-27T10:00:00.000Z",
};

const submit = {
  type: "refund.submit" as const,
  invoiceId: "Pq7xVd2mLk9sTr4wYb1nZa",
  chain: "Devnet",
  to: " 0xa0Ee7A142d267C1f36714E4a8F75612F20a79720 ",
  amount: "5",
  code: "135790",
};

describe("what an invoice may still refund", () => {
  it("is what it received less its refunds not failed, never below zero", () => {
    expect(refundableOf({ amountReceived: "30", refunds: [] })).toBe("30");
    const refunds = [refund("5", "confirmed"), refund("2.5", "requested"), refund("20", "failed")];
    expect(refundableOf({ amountReceived: "30", refunds })).toBe("22.5");
    expect(isRefundable({ amountReceived: "30", refunds })).toBe(true);
    expect(refundableOf({ amountReceived: "7.5", refunds })).toBe("0");
    expect(isRefundable({ amountReceived: "7.5", refunds })).toBe(false);
    expect(isRefundable({ amountReceived: "0", refunds: [] })).toBe(false);
  });

  it("fills in, of a paid invoice that received more than its amount, the excess not yet refunded; otherwise all that is left", () => {
    const paidOver = { status: "paid" as const, amount: "25", amountReceived: "30.5", refunds: [] };
    expect(suggestedRefundOf(paidOver)).toBe("5.5");
    expect(suggestedRefundOf({ ...paidOver, refunds: [refund("2", "confirmed"), refund("9", "failed")] })).toBe("3.5");
    // The excess given back already: a refund now is of the order itself, all of what is left.
    expect(suggestedRefundOf({ ...paidOver, refunds: [refund("5.5", "requested")] })).toBe("25");
    expect(suggestedRefundOf({ ...paidOver, amountReceived: "25" })).toBe("25");
    // Not paid (ended with too little, or money after its end): nothing was sold, all of it goes back.
    expect(suggestedRefundOf({ ...paidOver, status: "expired", amountReceived: "40" })).toBe("40");
  });

  it("offers first the chain the customer paid on, then the invoice's others", () => {
    const address = { chainId: 1, token: asked.token, address: asked.to };
    const transfer = { amount: "1", confirmations: 2, required: 2, late: false, txHash: null, explorerUrl: null };
    const invoice = {
      addresses: [
        { ...address, chain: "Devnet" },
        { ...address, chain: "Eth" },
      ],
      transfers: [
        { ...transfer, chain: "Devnet", removed: true },
        { ...transfer, chain: "Eth", removed: false },
      ],
    };
    expect(refundChainsOf(invoice)).toEqual(["Eth", "Devnet"]);
  });
});

describe("what the refund dialog says of the destination and the fee", () => {
  const book: WithdrawalAddress[] = [
    {
      id: "1",
      chain: "Devnet",
      address: "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720",
      label: "Customer",
      createdAt: "2026-11-27T10:00:00.000Z",
      usableAt: "2026-11-27T10:00:00.000Z",
      usable: true,
    },
    {
      id: "2",
      chain: "Devnet",
      address: "0x14dC79964da2C08b23698B3D3cc7Ca32193d9955",
      label: "Cooling",
      createdAt: "2026-11-27T10:00:00.000Z",
      usableAt: "2026-11-28T10:00:00.000Z",
      usable: false,
    },
  ];

  it("warns of a whole address the book would not pay on the chain, whatever its case; not of one still being typed", () => {
    expect(isUnknownDestination(book, "Devnet", " 0xA0EE7A142D267C1F36714E4A8F75612F20A79720 ")).toBe(false);
    expect(isUnknownDestination(book, "Eth", book[0]?.address ?? "")).toBe(true);
    expect(isUnknownDestination(book, "Devnet", book[1]?.address ?? "")).toBe(true);
    expect(isUnknownDestination(book, "Devnet", `0x${"ab".repeat(20)}`)).toBe(true);
    expect(isUnknownDestination(book, "Devnet", "0xa0Ee7A")).toBe(false);
    expect(isUnknownDestination(book, "Devnet", "")).toBe(false);
  });

  it("takes the chain's withdrawal fee, none for a chain the wallet does not list", () => {
    const chains = [{ chain: "Devnet", symbol: "USDT", token: asked.token, decimals: 6, fee: "1.5" }];
    expect(refundFeeOf({ chains }, "Devnet")).toBe("1.5");
    expect(refundFeeOf({ chains }, "Eth")).toBe("0");
  });
});

describe("the refund dialog", () => {
  it("refuses a destination that is no whole address and an empty code without calling the server", () => {
    const calls: unknown[] = [];
    const machine = invoiceRefundMachine.provide({
      actors: {
        submit: fromPromise(async ({ input }) => {
          calls.push(input);
          return asked;
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: "dialog.open" });
    actor.send({ ...submit, to: "0x12", code: "" });
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.fieldErrors).toMatchObject({
      to: "validation.address",
      code: expect.any(String),
    });
    expect(calls).toEqual([]);
  });

  it("sends the trimmed request and hands the withdrawal on once the server made it", async () => {
    const calls: unknown[] = [];
    const made: OpenWithdrawal[] = [];
    const machine = invoiceRefundMachine.provide({
      actors: {
        submit: fromPromise(async ({ input }) => {
          calls.push(input);
          return asked;
        }),
      },
      actions: { succeeded: (_, { output }) => void made.push(output) },
    });
    const actor = createActor(machine).start();
    actor.send({ type: "dialog.open" });
    actor.send(submit);
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe("closed");
    const { type: _, ...body } = submit;
    expect(calls).toEqual([{ ...body, to: submit.to.trim() }]);
    expect(made).toEqual([asked]);
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const machine = invoiceRefundMachine.provide({
      actors: {
        submit: fromPromise(({ input: _ }) =>
          Promise.reject<OpenWithdrawal>(
            Object.assign(new Error("The refunds would give back more than the invoice received"), { errCode: "2931" }),
          ),
        ),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: "dialog.open" });
    actor.send(submit);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe("editing");
    expect(actor.getSnapshot().context.failure).not.toBeNull();
  });
});
