import { MatchersV3 } from "@pact-foundation/pact";
import { describe, expect, it } from "vitest";
import { exampleOf } from "./body-matchers.ts";
import { merchant } from "./fixtures.ts";
import { errCodes } from "../schemas/envelope.ts";
import { withdrawalExportTable } from "../exports/withdrawals.ts";
import { apiFor, authHeaders, createPact, failure, ok, responseHeaders } from "./pact-setup.ts";
import { states } from "./provider-states.ts";
import { walletEndpoints } from "../endpoints/wallet.ts";
import { listFileInteraction, listPageInteraction } from "./list-interactions.ts";

const { like, regex, integer, eachLike, boolean, fromProviderState } = MatchersV3;
const pact = createPact();
const { email, token } = merchant;
const product = "Devnet";
const destination = "0xa0Ee7A142d267C1f36714E4a8F75612F20a79720";
const withDestination = { email, address: destination, product };
const withdrawalCode = "482615";
// biome-ignore-start lint/suspicious/noTemplateCurlyInString: Pact provider-state expressions, not templates
/** The destination's id, which the provider picks: filled in from the provider state. */
const stateAddressId = () => fromProviderState("${addressId}", "1");
// biome-ignore-end lint/suspicious/noTemplateCurlyInString: Pact provider-state expressions, not templates

const evmAddress = (example: string) => regex("^0x[0-9a-fA-F]{40}$", example);
const decimal = (example: string) => regex("^\\d{1,20}(\\.\\d{1,18})?$", example);
const isoTime = (example: string) => regex("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$", example);

/** resData of an address-book entry (contracts/schemas/wallet.ts withdrawalAddress). */
const destinationBody = (usable: boolean) => ({
  id: regex("^\\d{1,18}$", "1"),
  chain: like(product),
  address: evmAddress(destination),
  label: like("Cold wallet"),
  createdAt: isoTime("2026-11-26T10:00:00.000Z"),
  usableAt: isoTime("2026-11-27T10:00:00.000Z"),
  usable: boolean(usable),
});

describe("POST /api/wallet/{product}Client/GetUserWallet", () => {
  it("answers the merchant's one payment address for a chain product: orders are paid and the balance recharged there", async () => {
    const product = "Devnet";
    const wallet = {
      product: like(product),
      address: like("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"),
      currency: like("USDT"),
    };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.devnetWatched, { product })
      .uponReceiving("a request for the merchant's wallet on a watched chain")
      .withRequest(
        "POST",
        regex("^/api/wallet/[A-Za-z][A-Za-z0-9]*Client/GetUserWallet$", `/api/wallet/${product}Client/GetUserWallet`),
        (b) => b.headers(authHeaders(token)).jsonBody({ currency: like("USDT") }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(wallet)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).wallet.userWallet({ product, currency: "USDT" })).resolves.toEqual(
          exampleOf(wallet),
        );
      });
  });
});

describe("My wallet (proposed)", () => {
  it("answers the balance that may be withdrawn, what withdrawals hold, the day's limit and the chains with their fees", async () => {
    const overview = {
      available: decimal("25"),
      held: decimal("0"),
      dailyLimit: decimal("10000"),
      dailyLeft: decimal("10000"),
      withdrawalsOffered: boolean(true),
      chains: eachLike({
        chain: like(product),
        symbol: like("USDT"),
        token: evmAddress(`0x${"11".repeat(20)}`),
        decimals: integer(6),
        fee: decimal("1"),
      }),
      cooldownSeconds: integer(0),
      secondFactorOn: boolean(false),
    };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.balance, { email, amount: "25" })
      .given(states.devnetWatched, { product })
      .uponReceiving("a request for the merchant's wallet figures")
      .withRequest("POST", "/api/Wallet/Overview", (b) => b.headers(authHeaders(token)))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(overview)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).wallet.walletOverview()).resolves.toEqual(exampleOf(overview));
      });
  });

  it("lists the withdrawal address book", async () => {
    const list = { items: eachLike(destinationBody(true)), cooldownSeconds: integer(0) };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.withdrawalAddress, withDestination)
      .uponReceiving("a request for the merchant's withdrawal address book")
      .withRequest("POST", "/api/Wallet/Addresses", (b) => b.headers(authHeaders(token)))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(list)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).wallet.addresses()).resolves.toEqual(exampleOf(list));
      });
  });

  it("adds a destination to the address book with the mailed code", async () => {
    const body = { chain: product, address: destination, label: "Cold wallet", code: withdrawalCode };
    const added = destinationBody(true);
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.devnetWatched, { product })
      .given(states.codeSent, { code: withdrawalCode, email, type: "withdrawal" })
      .uponReceiving("a new destination for the withdrawal address book, with the mailed code")
      .withRequest("POST", "/api/Wallet/AddAddress", (b) => b.headers(authHeaders(token)).jsonBody(body))
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(added)))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).wallet.addAddress(body)).resolves.toEqual(exampleOf(added));
      });
  });

  it("removes a destination from the address book", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.withdrawalAddress, withDestination)
      .uponReceiving("the removal of a destination of the address book")
      .withRequest("POST", "/api/Wallet/RemoveAddress", (b) =>
        b.headers(authHeaders(token)).jsonBody({ id: stateAddressId() }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok()))
      .executeTest(async (mock) => {
        await expect(apiFor(mock, token).wallet.removeAddress({ id: "1" })).resolves.toBeNull();
      });
  });

  it("asks for a withdrawal to a usable destination with the mailed code", async () => {
    const requestId = "0b5c1f4e-7d0a-4f57-9a57-4c1b8f0e2d31";
    const withdrawal = {
      id: regex("^\\d{1,18}$", "1"),
      chain: like(product),
      chainId: integer(31337),
      token: evmAddress(`0x${"11".repeat(20)}`),
      to: evmAddress(destination),
      amount: decimal("5"),
      fee: decimal("1"),
      status: like("requested"),
      txHash: null,
      failure: null,
      waiting: null,
      createdAt: isoTime("2026-11-27T10:00:00.000Z"),
    };
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.balance, { email, amount: "25" })
      .given(states.withdrawalAddress, withDestination)
      .given(states.codeSent, { code: withdrawalCode, email, type: "withdrawal" })
      .uponReceiving("a withdrawal to a destination of the address book")
      .withRequest("POST", "/api/Wallet/Withdraw", (b) =>
        b
          .headers(authHeaders(token))
          .jsonBody({ addressId: stateAddressId(), amount: "5", code: withdrawalCode, requestId }),
      )
      .willRespondWith(200, (b) => b.headers(responseHeaders).jsonBody(ok(withdrawal)))
      .executeTest(async (mock) => {
        const asked = { addressId: "1", amount: "5", code: withdrawalCode, requestId };
        await expect(apiFor(mock, token).wallet.withdraw(asked)).resolves.toEqual(exampleOf(withdrawal));
      });
  });

  it("refuses a withdrawal the balance does not cover", async () => {
    await pact
      .addInteraction()
      .given(states.signedIn, { email, token })
      .given(states.balance, { email, amount: "3" })
      .given(states.withdrawalAddress, withDestination)
      .given(states.codeSent, { code: withdrawalCode, email, type: "withdrawal" })
      .uponReceiving("a withdrawal above the balance")
      .withRequest("POST", "/api/Wallet/Withdraw", (b) =>
        b.headers(authHeaders(token)).jsonBody({ addressId: stateAddressId(), amount: "5", code: withdrawalCode }),
      )
      .willRespondWith(200, (b) =>
        b
          .headers(responseHeaders)
          .jsonBody(failure(errCodes.withdrawalOverBalance, "the balance does not cover the amount and the fee")),
      )
      .executeTest(async (mock) => {
        const asked = { addressId: "1", amount: "5", code: withdrawalCode };
        await expect(apiFor(mock, token).wallet.withdraw(asked)).rejects.toMatchObject({
          errCode: errCodes.withdrawalOverBalance,
        });
      });
  });

  // A withdrawal of 5 asked from a balance of 25: requested, none failed.
  const withWithdrawal = [
    [states.balance, { email, amount: "25" }],
    [states.withdrawal, { ...withDestination, amount: "5" }],
  ] as const;

  it("lists the merchant's withdrawals by state, a page at a time", () =>
    listPageInteraction(pact, {
      given: withWithdrawal,
      description: "a request for the merchant's requested withdrawals",
      endpoint: walletEndpoints.withdrawalList,
      body: { status: "requested", pageSize: 10 },
      row: {
        id: regex("^\\d{1,18}$", "1"),
        chain: like(product),
        chainId: integer(31337),
        token: evmAddress(`0x${"11".repeat(20)}`),
        to: evmAddress(destination),
        amount: decimal("5"),
        fee: decimal("1"),
        status: "requested",
        txHash: null,
        failure: null,
        waiting: null,
        createdAt: isoTime("2026-11-27T10:00:00.000Z"),
        // No transaction of it mined yet: nothing counted.
        confirmations: null,
        requiredConfirmations: null,
      },
      call: (api) => api.wallet.withdrawals({ status: "requested", pageSize: 10 }),
    }));

  // No withdrawal has failed: the file is its header alone.
  it("exports the withdrawals a filter selects as a CSV file, its labels (English, the language asked) first", () =>
    listFileInteraction(pact, {
      given: withWithdrawal,
      description: "a CSV export of the merchant's failed withdrawals",
      endpoint: walletEndpoints.withdrawalExport,
      body: { status: "failed" },
      table: withdrawalExportTable,
      call: (api) => api.wallet.exportWithdrawals({ status: "failed" }),
    }));
});
