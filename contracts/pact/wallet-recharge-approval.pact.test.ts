import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { exampleOf } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { apiFor, authHeaders, createPact, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";

const { like, regex, integer, fromProviderState } = MatchersV3;
const pact = createPact();
const { email, token } = merchant;
const product = "Devnet";
const destination = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720";
const awaiting = { email, address: destination, product, amount: "5" };
const withdrawalCode = "482615";
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Pact provider-state expression, not a template
const stateWithdrawalId = () => fromProviderState("${withdrawalId}", "1");

/** resData: the withdrawal after the merchant's decision (contracts/schemas/open-api.ts openWithdrawal). */
const decided = (status: string, failure: unknown) => ({
  id: regex("^\\d{1,18}$", "1"),
  chain: like(product),
  chainId: integer(31337),
  token: regex("^0x[0-9a-fA-F]{40}$", `0x${"11".repeat(20)}`),
  to: regex("^0x[0-9a-fA-F]{40}$", destination),
  amount: regex("^\\d{1,20}(\\.\\d{1,18})?$", "5"),
  fee: regex("^\\d{1,20}(\\.\\d{1,18})?$", "1"),
  status,
  txHash: null,
  failure,
  waiting: null,
  createdAt: regex("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$", "2026-11-27T10:00:00.000Z"),
});

describe("an application's withdrawal above its auto-approve limit (proposed)", () => {
  it("approves it with the mailed code: it is requested, to be sent", async () => {
    const withdrawal = decided("requested", null);
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.balance, { email, amount: "25" })
      .given(states.withdrawalAwaitingApproval, awaiting)
      .given(states.codeSent, { code: withdrawalCode, email, type: "withdrawal" })
      .uponReceiving("the approval of a withdrawal awaiting it, with the mailed code")
      .withRequest("POST", "/api/Wallet/ApproveWithdrawal", (b) =>
        b.headers(authHeaders(token)).jsonBody({ withdrawalId: stateWithdrawalId(), code: withdrawalCode }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(withdrawal)))
      .executeTest(async (mock) => {
        const answer = apiFor(mock, token).wallet.approveWithdrawal({ withdrawalId: "1", code: withdrawalCode });
        await expect(answer).resolves.toEqual(exampleOf(withdrawal));
      });
  });

  it("rejects it: failed, its amount and fee back in the balance", async () => {
    const withdrawal = decided("failed", like("rejected by the merchant"));
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.balance, { email, amount: "25" })
      .given(states.withdrawalAwaitingApproval, awaiting)
      .uponReceiving("the rejection of a withdrawal awaiting approval")
      .withRequest("POST", "/api/Wallet/RejectWithdrawal", (b) =>
        b.headers(authHeaders(token)).jsonBody({ withdrawalId: stateWithdrawalId() }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(withdrawal)))
      .executeTest(async (mock) => {
        const answer = apiFor(mock, token).wallet.rejectWithdrawal({ withdrawalId: "1" });
        await expect(answer).resolves.toEqual(exampleOf(withdrawal));
      });
  });
});
