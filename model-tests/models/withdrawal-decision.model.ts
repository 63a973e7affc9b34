import type { OpenWithdrawal } from "../../contracts/schemas/open-api.ts";
import { withdrawalApproveMachine, withdrawalRejectMachine } from "../../machines/wallet/withdrawal-decision.ts";
import { english } from "./english.ts";
import { failure } from "./fixtures.ts";
import { formDialogModel } from "./form-dialog-model.ts";
import { awaitingWithdrawal } from "./wallet-fixtures.ts";

const approved: OpenWithdrawal = { ...awaitingWithdrawal, status: "requested" };
const rejected: OpenWithdrawal = { ...awaitingWithdrawal, status: "failed", failure: "rejected by the merchant" };

/** The approval model's start where the merchant has two-factor on. */
export const approveWithSecondFactor = "My wallet with an application's withdrawal awaiting approval, two-factor on";

export const withdrawalApproveModel = formDialogModel({
  id: "withdrawalApprove",
  machine: withdrawalApproveMachine,
  walks: true,
  // Two-factor on asks for the authenticator's code too: that start is shown every step, not only its first screen.
  keysPerStart: true,
  starts: [
    { name: "My wallet with an application's withdrawal awaiting approval" },
    // The same paths with the authenticator's code asked and typed (the page sends it only then).
    { name: approveWithSecondFactor },
  ],
  opens: `Press ${english("withdrawals.actions.approve")} beside the withdrawal of ${awaitingWithdrawal.amount} USDT`,
  title: "withdrawals.approveTitle",
  submit: "withdrawals.approveSubmit",
  submits: [
    { type: "withdrawal.approve", withdrawalId: awaitingWithdrawal.id, code: "135790", totpCode: "246810" },
    { type: "withdrawal.approve", withdrawalId: awaitingWithdrawal.id, code: "" },
  ],
  describeSubmit: (e) =>
    `Read what is sent where and its fee; type the mailed code "${e.code}" (and, with two-factor on, the authenticator's code "${e.totpCode}"); press ${english("withdrawals.approveSubmit")}`,
  answer: approved,
  answerText: "The server approves it: the withdrawal is requested, to be sent from the treasury",
  refused: failure("2815", "This withdrawal is not waiting for approval"),
});

export const withdrawalRejectModel = formDialogModel({
  id: "withdrawalReject",
  machine: withdrawalRejectMachine,
  walks: true,
  starts: [{ name: "My wallet with an application's withdrawal awaiting approval" }],
  opens: `Press ${english("withdrawals.actions.reject")} beside the withdrawal of ${awaitingWithdrawal.amount} USDT`,
  title: "withdrawals.rejectTitle",
  submit: "withdrawals.rejectSubmit",
  submits: [{ type: "withdrawal.reject", withdrawalId: awaitingWithdrawal.id }],
  describeSubmit: () => `Read that nothing is sent; press ${english("withdrawals.rejectSubmit")}`,
  answer: rejected,
  answerText: "The server rejects it: failed, the amount and the fee back in the balance",
  refused: failure("2815", "This withdrawal is not waiting for approval"),
  excluded: [
    {
      transition: "withdrawalReject.editing on withdrawal.reject → (stays)",
      why: "the dialog sends the id of the withdrawal whose Reject was pressed, which the list holds: no merchant can send it without one; the form-dialog machine's refusal of a bad request is walked by withdrawalApprove",
    },
  ],
});
