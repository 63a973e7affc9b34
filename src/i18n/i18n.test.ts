import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { localeField } from "../../contracts/schemas/fields.ts";
import { createI18n, ensureConsoleMessages } from "./i18n.ts";
import { checkoutSections, localePart, publicSections } from "./locale-parts.ts";

const whole = (locale: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), "utf8")) as Record<string, unknown>;

afterEach(() => vi.restoreAllMocks());

describe("the parts of a locale", () => {
  it.each(localeField.options)(
    "%s: the public, console and checkout parts together are the whole file; only the status words are in two",
    (locale) => {
      const messages = whole(locale);
      const publicPart = localePart(messages, "public");
      const consolePart = localePart(messages, "console");
      const checkoutPart = localePart(messages, "checkout");
      expect(Object.keys(publicPart).filter((section) => section in consolePart || section in checkoutPart)).toEqual(
        [],
      );
      expect(Object.keys(checkoutPart).filter((section) => section in consolePart)).toEqual(["invoiceStatus"]);
      expect({ ...publicPart, ...consolePart, ...checkoutPart }).toEqual(messages);
      expect(Object.keys(publicPart).sort()).toEqual([...publicSections].sort());
      expect(Object.keys(checkoutPart).sort()).toEqual([...checkoutSections].sort());
    },
  );
});

describe("createI18n", () => {
  it("starts a public page with its part only, and adds the console part of the shown language and of English", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const i18n = await createI18n("ja-JP", { consoleMessages: false });
    expect(i18n.t("login.title")).toBe((whole("ja-JP").login as Record<string, string>).title);
    expect(i18n.exists("orders.title")).toBe(false);
    expect(i18n.t("orders.title")).toBe("orders.title");
    expect(errors).toHaveBeenCalledWith('i18n: missing "orders.title" in ja-JP');

    await ensureConsoleMessages();
    expect(i18n.t("orders.title")).toBe((whole("ja-JP").orders as Record<string, string>).title);
    expect(i18n.getResource("en-US", "translation", "orders.title")).toBe(
      (whole("en-US").orders as Record<string, string>).title,
    );
    // The public part is still there: the console part was added, not put in its place.
    expect(i18n.t("login.title")).toBe((whole("ja-JP").login as Record<string, string>).title);
  });

  it("loads everything by default, and says nothing for a key that has a default", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const i18n = await createI18n("en-US");
    expect(i18n.t("orderPayment.finishPay")).toBe((whole("en-US").orderPayment as Record<string, string>).finishPay);
    expect(i18n.t("packages.names.NO_SUCH" as never, { defaultValue: "Server's name" } as never)).toBe("Server's name");
    expect(errors).not.toHaveBeenCalled();
  });

  it("throws on a missing key in strict mode (the prerender)", async () => {
    const i18n = await createI18n("en-US", { consoleMessages: false, strict: true });
    expect(() => i18n.t("orders.title")).toThrow('i18n: missing "orders.title" in en-US');
  });
});
