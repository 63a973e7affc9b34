import type { Page } from "playwright-core";

/**
 * What a password field must be (SECURITY.md 6.2.6, 6.2.7, 6.2.9): masked, named for the password manager, open to a
 * paste, and long enough for a passphrase. Answers the faults of every password field on the page, where a field is
 * one the merchant is told holds a password (its label says so) or one that masks.
 */
export async function passwordFieldFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const labelOf = (input: HTMLInputElement) =>
      [...(input.labels ?? [])].map((label) => label.textContent ?? "").join(" ") ||
      input.getAttribute("aria-label") ||
      input.name;
    const inputs = [...document.querySelectorAll("input")].filter(
      (input) =>
        input.type === "password" ||
        (/password/i.test(labelOf(input)) && !["checkbox", "radio", "hidden", "button", "submit"].includes(input.type)),
    );
    if (inputs.length === 0) faults.push("no password field on the page");
    for (const input of inputs) {
      const name = labelOf(input).trim();
      if (input.type !== "password") faults.push(`${name}: type=${input.type}`);
      if (!["current-password", "new-password"].includes(input.autocomplete))
        faults.push(`${name}: autocomplete="${input.autocomplete}"`);
      if (input.maxLength !== -1 && input.maxLength < 64) faults.push(`${name}: maxlength=${input.maxLength}`);
      const paste = new ClipboardEvent("paste", { bubbles: true, cancelable: true, clipboardData: new DataTransfer() });
      paste.clipboardData?.setData("text/plain", "Pasted7Passphrase");
      if (!input.dispatchEvent(paste)) faults.push(`${name}: a paste is blocked`);
    }
    return faults;
  });
}
