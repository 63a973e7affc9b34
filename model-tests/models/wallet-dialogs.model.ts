import { addressAddMachine } from "../../machines/wallet/address-add.ts";
import { addressRemoveMachine } from "../../machines/wallet/address-remove.ts";
import { withdrawMachine } from "../../machines/wallet/withdraw.ts";
import { english } from "./english.ts";
import { failure } from "./fixtures.ts";
import { formDialogModel } from "./form-dialog-model.ts";
import { askedWithdrawal, coolingDestination, usableDestination } from "./wallet-fixtures.ts";

const newAddress = "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f";

export const addressAddModel = formDialogModel({
  id: "addressAdd",
  machine: addressAddMachine,
  walks: true,
  starts: [{ name: "My wallet" }],
  opens: `Press ${english("wallet.addAddress")}`,
  title: "wallet.addTitle",
  submit: "wallet.addSubmit",
  submits: [
    { type: "address.add", chain: "Devnet", address: newAddress, label: "Treasury", code: "135790" },
    { type: "address.add", chain: "Devnet", address: "0x12", label: "Treasury", code: "135790" },
    { type: "address.add", chain: "Devnet", address: newAddress, label: "Treasury", code: "" },
  ],
  describeSubmit: (e) =>
    `Choose ${e.chain}, type the address "${e.address}", the label "${e.label}" and the mailed code "${e.code}"; press ${english("wallet.addSubmit")}`,
  answer: { ...usableDestination, id: "9", address: newAddress, label: "Treasury", usable: false },
  answerText: "The server adds the address, usable after the waiting time, and mails the merchant",
  // One of this service's own addresses (a deposit or treasury address): the address field is marked.
  refused: failure("2803", "the destination is one of this service's own addresses"),
});

export const addressRemoveModel = formDialogModel({
  id: "addressRemove",
  machine: addressRemoveMachine,
  walks: true,
  starts: [{ name: "My wallet with a destination cooling down" }],
  opens: `Press ${english("wallet.remove")} beside "${coolingDestination.label}"`,
  title: "wallet.removeTitle",
  submit: "wallet.remove",
  submits: [{ type: "address.remove", id: coolingDestination.id }],
  describeSubmit: () => `Press ${english("wallet.remove")} in the dialog`,
  answer: null,
  answerText: "The server removes the address",
  refused: failure("2812", "No such address in your address book"),
  excluded: [
    {
      transition: "addressRemove.editing on address.remove → (stays)",
      why: "the dialog sends the id of the destination whose Remove was pressed, which the list holds: no merchant can send it without one; the form-dialog machine's refusal of a bad request is walked by addressAdd and withdraw",
    },
  ],
});

/** The withdraw model's start where the merchant has two-factor on. */
export const withSecondFactor = "My wallet with a usable destination, two-factor on";
/** The dialog's own request id: the harness reads the one the dialog made. */
export const anyRequestId = "00000000-0000-4000-8000-000000000000";

export const withdrawModel = formDialogModel({
  id: "withdraw",
  machine: withdrawMachine,
  walks: true,
  // Two-factor on asks for the authenticator's code too: that start is shown every step, not only its first screen.
  keysPerStart: true,
  starts: [
    { name: "My wallet with a usable destination" },
    // The same paths with the authenticator's code asked and typed (the page sends it only then).
    { name: withSecondFactor },
  ],
  opens: `Press ${english("wallet.withdraw")}`,
  title: "wallet.withdrawTitle",
  submit: "wallet.withdrawSubmit",
  submits: [
    {
      type: "withdraw.submit",
      addressId: usableDestination.id,
      amount: "5",
      code: "135790",
      totpCode: "246810",
      requestId: anyRequestId,
    },
    { type: "withdraw.submit", addressId: usableDestination.id, amount: "5", code: "", requestId: anyRequestId },
  ],
  describeSubmit: (e) =>
    `Type the amount ${e.amount} (the fee and what arrives are shown), the mailed code "${e.code}" (and, with two-factor on, the authenticator's code "${e.totpCode}"); press ${english("wallet.withdrawSubmit")}`,
  answer: askedWithdrawal,
  answerText: "The server holds the amount and the fee and answers the withdrawal, requested",
  refused: failure("2806", "the balance does not cover the amount and the fee"),
});
