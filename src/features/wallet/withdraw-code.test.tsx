// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "../../../model-tests/framework/setup.ts";
import { fill } from "../../../model-tests/harnesses/form-steps.ts";
import { renderWallet, walletAnswers, type WalletHarness } from "../../../model-tests/harnesses/wallet-pages.ts";
import {
  askedWithdrawal,
  usableDestination,
  walletWithDestinations,
} from "../../../model-tests/models/wallet-fixtures.ts";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import { ApiError } from "../../api/api-error.ts";

const tooSoon = () =>
  Promise.reject(
    new ApiError("api", "2004", "Please wait 42 seconds before requesting a new code", { resendAfterSeconds: 42 }),
  );
const sent = () => Promise.resolve({ resendAfterSeconds: 60, expiresInSeconds: 600 });
// Generous waits: these walks share the cores with the rest of test:unit.
const slow = { timeout: 5000 };

/**
 * Issue 68, item 7: a code-gated dialog remembers its code and its wait, whatever the sender was told, and closes as
 * every dialog does. Two page loads, each walking several steps.
 */
// Many steps per page load (cheaper than a load each): a minute each, as a busy CI machine took over 20 s for one.
describe("the withdraw dialog's mailed code", { timeout: 60_000 }, () => {
  let h: WalletHarness | null = null;
  afterEach(() => h?.cleanup());

  const open = async (harness: WalletHarness) => {
    await harness.user.click(screen.getByRole("button", { name: harness.t("wallet.withdraw") }));
    return screen.findByRole("dialog", {}, slow);
  };
  const closed = () => waitFor(() => expect(screen.queryByRole("dialog")).toBeNull(), slow);
  const countdown = (dialog: HTMLElement) => within(dialog).findByRole("button", { name: /\d+/ }, slow);
  const confirmWith = async (harness: WalletHarness, dialog: HTMLElement, code: string) => {
    await fill(harness, harness.t("wallet.amount"), "5");
    await fill(harness, harness.t("fields.code"), code);
    await harness.user.click(within(dialog).getByRole("button", { name: harness.t("wallet.withdrawSubmit") }));
    await waitFor(
      () =>
        expect(harness.fake.calls.find((c) => c.method === "wallet.withdraw")?.args[0]).toMatchObject({
          amount: "5",
          code,
        }),
      slow,
    );
  };

  it("closes on Escape and its close button; shows the destination whole; counts down the seconds a too-soon refusal says; says what to do when the destination is refused as the service's own, and when an authenticator's code it did not ask for is; still confirms with the inbox's code", async () => {
    let asked = 0;
    h = await renderWallet([], {
      ...walletAnswers(() => walletWithDestinations),
      "auth.sendCode": tooSoon,
      // The destination has since become one of the service's own: refused once; then two-factor, since turned on.
      "wallet.withdraw": async () => {
        if (++asked === 1) throw new ApiError("api", errCodes.withdrawalOurAddress, "ours");
        if (asked === 2) throw new ApiError("api", errCodes.twoFactorRequired, "authenticator");
        return askedWithdrawal;
      },
    });
    const harness = h;
    await open(harness);
    await harness.user.keyboard("{Escape}");
    await closed();
    let dialog = await open(harness);
    await harness.user.click(within(dialog).getByRole("button", { name: /close/i }));
    await closed();

    dialog = await open(harness);
    // Item 8: the destination's option is shortened in the middle, and the whole address is shown and copied whole.
    const { address } = usableDestination;
    const option = within(dialog).getByRole("option", { name: new RegExp(address.slice(0, 10)) });
    expect(option.textContent).toBe(`${usableDestination.label} (Devnet) ${address.slice(0, 10)}…${address.slice(-6)}`);
    expect(within(dialog).getByTestId("withdraw-destination").textContent).toBe(address);
    await harness.user.click(within(dialog).getByRole("button", { name: harness.t("wallet.copyDestination") }));
    expect(await navigator.clipboard.readText()).toBe(address);

    await harness.user.click(within(dialog).getByRole("button", { name: harness.t("code.send") }));
    const counting = await within(dialog).findByRole(
      "button",
      { name: harness.t("code.resendIn", { seconds: 42 }) },
      slow,
    );
    expect(counting.hasAttribute("disabled")).toBe(true);
    await within(dialog).findByText(harness.t("errorPage.waitForCountdown"), {}, slow);
    await confirmWith(harness, dialog, "123456");
    // The destination chosen is marked, with what to do under it, and takes the focus.
    const destination = within(dialog).getByLabelText(harness.t("wallet.destination"));
    await waitFor(() => expect(destination.getAttribute("aria-invalid")).toBe("true"), slow);
    expect(document.getElementById(destination.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      harness.t("errorPage.ownAddress"),
    );
    expect(document.activeElement).toBe(destination);
    // The dialog asks no authenticator's code (two-factor was off): said above the fields, the mailed code unmarked.
    await harness.user.click(within(dialog).getByRole("button", { name: harness.t("wallet.withdrawSubmit") }));
    expect(
      (await within(dialog).findByText(harness.t("errorPage.authenticatorCode"), {}, slow)).getAttribute("role"),
    ).toBe("alert");
    expect(within(dialog).getByLabelText(harness.t("fields.code")).getAttribute("aria-invalid")).toBeNull();
    await harness.user.click(within(dialog).getByRole("button", { name: harness.t("wallet.withdrawSubmit") }));
    await closed();
    expect(asked).toBe(3);
  });

  it("keeps the countdown through a reopened dialog and a page left and come back to, and confirms with the code mailed before", async () => {
    let sends = 0;
    h = await renderWallet([], {
      ...walletAnswers(() => walletWithDestinations),
      "auth.sendCode": () => (++sends === 1 ? sent() : tooSoon()),
      "wallet.withdraw": async () => askedWithdrawal,
    });
    const harness = h;
    let dialog = await open(harness);
    await harness.user.click(within(dialog).getByRole("button", { name: harness.t("code.send") }));
    await countdown(dialog);
    await harness.user.click(within(dialog).getByRole("button", { name: harness.t("common.cancel") }));
    await closed();
    dialog = await open(harness);
    expect((await countdown(dialog)).hasAttribute("disabled"), "reopened: the countdown goes on").toBe(true);
    await harness.user.click(within(dialog).getByRole("button", { name: harness.t("common.cancel") }));
    await closed();

    await harness.go("/account/settings");
    await harness.go("/wallet/list");
    await waitFor(
      () =>
        expect(screen.getByRole("button", { name: harness.t("wallet.withdraw") }).hasAttribute("disabled")).toBe(false),
      slow,
    );
    dialog = await open(harness);
    expect((await countdown(dialog)).hasAttribute("disabled"), "come back: the countdown goes on").toBe(true);
    await confirmWith(harness, dialog, "123456");
    expect(sends).toBe(1);
  });
});
