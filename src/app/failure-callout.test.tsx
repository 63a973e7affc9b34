// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import type { Failure } from "../../machines/api-failure.ts";
import { createI18n } from "../i18n/i18n.ts";
import { FormField } from "../ui/form-field.tsx";
import { FailureScope } from "./failure-callout.tsx";

afterEach(() => cleanup());

async function renderForm(failure: Failure | null, options: { whenNoAnswer?: string; fields?: string[] } = {}) {
  const i18n = await createI18n("en-US");
  const form = (f: Failure | null) => (
    <I18nextProvider i18n={i18n}>
      <form>
        <FailureScope failure={f} whenNoAnswer={options.whenNoAnswer} fields={options.fields}>
          <FormField label="E-mail" name="email" value="" onValueChange={() => undefined} />
          <FormField label="Password" name="password" value="" onValueChange={() => undefined} />
        </FailureScope>
      </form>
    </I18nextProvider>
  );
  const view = render(form(failure));
  return { rerender: (f: Failure | null) => view.rerender(form(f)) };
}

const alerts = () => screen.queryAllByRole("alert").map((alert) => alert.textContent);
const wrongPassword = { errCode: "2006", errMsg: "Wrong e-mail or password" };

describe("FailureScope: what a form adds to the error toast (issue 26)", () => {
  it("marks the refused field, moves the focus to it and says under it what to do — not the toast's words", async () => {
    await renderForm(wrongPassword);
    const password = screen.getByLabelText("Password");
    expect(password.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(password);
    expect(alerts()).toEqual(["Check the e-mail above, then type the password again"]);
    expect(screen.getByLabelText("E-mail").getAttribute("aria-invalid")).toBeNull();
    expect(document.body.textContent).not.toContain("Wrong e-mail or password");
  });

  it("takes the focus back to the field for each new refusal", async () => {
    const form = await renderForm(wrongPassword);
    screen.getByLabelText("E-mail").focus();
    form.rerender({ ...wrongPassword });
    expect(document.activeElement).toBe(screen.getByLabelText("Password"));
  });

  it("says the next step above the fields for a refusal of no field, or of a field it does not hold", async () => {
    const form = await renderForm({ errCode: "2204", errMsg: "open order" });
    expect(alerts()).toEqual(["See the order's state under My orders"]);
    form.rerender(null);
    expect(alerts()).toEqual([]);
    cleanup();
    await renderForm({ errCode: "2001", errMsg: "E-mail already exists" }, { fields: [] });
    expect(alerts()).toEqual(["Sign in with this e-mail instead, or register with another one"]);
    expect(screen.getByLabelText("E-mail").getAttribute("aria-invalid")).toBeNull();
  });

  it("says the page's own words when no answer came (the login page's), and nothing for a code that ends the session", async () => {
    const form = await renderForm(
      { errCode: "network", errMsg: "Failed to fetch" },
      { whenNoAnswer: "Login error, please refresh and retry" },
    );
    expect(alerts()).toEqual(["Login error, please refresh and retry"]);
    form.rerender({ errCode: "4010", errMsg: "Not logged in" });
    expect(alerts()).toEqual([]);
  });
});
