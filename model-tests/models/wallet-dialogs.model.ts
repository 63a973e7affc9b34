import { addressAddMachine } from "../../machines/wallet/address-add.ts";
import { addressRemoveMachine } from "../../machines/wallet/address-remove.ts";
import { withdrawMachine } from "../../machines/wallet/withdraw.ts";
import type { FormDialogContext } from "../../machines/form-dialog.ts";
import type { MachineModel } from "../framework/model.ts";
import { eventBuilders } from "../framework/model-events.ts";
import { english, saidOnce } from "./english.ts";
import { failure, refusal } from "./fixtures.ts";
import { askedWithdrawal, coolingDestination, usableDestination } from "./wallet-fixtures.ts";

/** How an open form dialog of My wallet reads: its title, and the problems it shows. */
const dialogState = (title: string, s: { context: FormDialogContext }) => {
  const problems = [
    ...Object.values(s.context.fieldErrors).map((key) => english(key)),
    ...(s.context.failure ? [saidOnce(s.context.failure)] : []),
  ];
  return `The ${title} dialog${problems.length ? `, showing ${problems.join(", ")}` : ""}`;
};

const newAddress = "0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f";
const add = eventBuilders(addressAddMachine);

export const addressAddModel: MachineModel<typeof addressAddMachine> = {
  id: "addressAdd",
  machine: addressAddMachine,
  starts: [{ name: "My wallet", input: undefined }],
  events: (s) => {
    if (s.matches("closed")) return [{ type: "dialog.open" }];
    if (s.matches("editing"))
      return [
        { type: "address.add", chain: "Devnet", address: newAddress, label: "Treasury" },
        { type: "address.add", chain: "Devnet", address: "0x12", label: "Treasury" },
        { type: "dialog.close" },
      ];
    if (s.matches("submitting"))
      return [
        add.done("submit", { ...usableDestination, id: "9", address: newAddress, label: "Treasury", usable: false }),
        add.failed("submit", failure("2811", "This address is already in your address book")),
      ];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "dialog.open":
        return `Press ${english("wallet.addAddress")}`;
      case "dialog.close":
        return "Press Cancel";
      case "address.add":
        return `Choose ${e.chain}, type the address "${e.address}" and the label "${e.label}"; press ${english("wallet.addSubmit")}`;
      case "xstate.done.actor.submit":
        return "The server adds the address, usable after the waiting time, and mails the merchant";
      case "xstate.error.actor.submit":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    if (s.matches("closed")) return "No dialog is open";
    if (s.matches("submitting")) return `${english("wallet.addSubmit")} shows a spinner`;
    return dialogState(english("wallet.addTitle"), s);
  },
  excluded: [],
};

const remove = eventBuilders(addressRemoveMachine);

export const addressRemoveModel: MachineModel<typeof addressRemoveMachine> = {
  id: "addressRemove",
  machine: addressRemoveMachine,
  starts: [{ name: "My wallet with a destination cooling down", input: undefined }],
  events: (s) => {
    if (s.matches("closed")) return [{ type: "dialog.open" }];
    if (s.matches("editing")) return [{ type: "address.remove", id: coolingDestination.id }, { type: "dialog.close" }];
    if (s.matches("submitting"))
      return [
        remove.done("submit", null),
        remove.failed("submit", failure("2812", "No such address in your address book")),
      ];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "dialog.open":
        return `Press ${english("wallet.remove")} beside "${coolingDestination.label}"`;
      case "dialog.close":
        return "Press Cancel";
      case "address.remove":
        return `Press ${english("wallet.remove")} in the dialog`;
      case "xstate.done.actor.submit":
        return "The server removes the address";
      case "xstate.error.actor.submit":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    if (s.matches("closed")) return "No dialog is open";
    if (s.matches("submitting")) return `${english("wallet.remove")} shows a spinner`;
    return dialogState(english("wallet.removeTitle"), s);
  },
  excluded: [
    {
      transition: "addressRemove.editing on address.remove → (stays)",
      why: "the dialog sends the id of the destination whose Remove was pressed, which the list holds: no merchant can send it without one; the form-dialog machine's refusal of a bad request is walked by addressAdd and withdraw",
    },
  ],
};

const withdraw = eventBuilders(withdrawMachine);
/** The withdraw model's start where the merchant has two-factor on. */
export const withSecondFactor = "My wallet with a usable destination, two-factor on";
/** The dialog's own request id: the harness reads the one the dialog made. */
export const anyRequestId = "00000000-0000-4000-8000-000000000000";

export const withdrawModel: MachineModel<typeof withdrawMachine> = {
  id: "withdraw",
  machine: withdrawMachine,
  starts: [
    { name: "My wallet with a usable destination", input: undefined },
    // The same paths with the authenticator's code asked and typed (the page sends it only then).
    { name: withSecondFactor, input: undefined },
  ],
  events: (s) => {
    if (s.matches("closed")) return [{ type: "dialog.open" }];
    if (s.matches("editing"))
      return [
        {
          type: "withdraw.submit",
          addressId: usableDestination.id,
          amount: "5",
          code: "135790",
          totpCode: "246810",
          requestId: anyRequestId,
        },
        { type: "withdraw.submit", addressId: usableDestination.id, amount: "5", code: "", requestId: anyRequestId },
        { type: "dialog.close" },
      ];
    if (s.matches("submitting"))
      return [
        withdraw.done("submit", askedWithdrawal),
        withdraw.failed("submit", failure("2806", "the balance does not cover the amount and the fee")),
      ];
    return [];
  },
  describeEvent: (e) => {
    switch (e.type) {
      case "dialog.open":
        return `Press ${english("wallet.withdraw")}`;
      case "dialog.close":
        return "Press Cancel";
      case "withdraw.submit":
        return `Type the amount ${e.amount} (the fee and what arrives are shown), the mailed code "${e.code}" (and, with two-factor on, the authenticator's code "${e.totpCode}"); press ${english("wallet.withdrawSubmit")}`;
      case "xstate.done.actor.submit":
        return "The server holds the amount and the fee and answers the withdrawal, requested";
      case "xstate.error.actor.submit":
        return refusal(e.error);
      default:
        return e.type;
    }
  },
  describeState: (s) => {
    if (s.matches("closed")) return "No dialog is open";
    if (s.matches("submitting")) return `${english("wallet.withdrawSubmit")} shows a spinner`;
    return dialogState(english("wallet.withdrawTitle"), s);
  },
  excluded: [],
};
