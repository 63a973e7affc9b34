import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Locale, localeField } from "../../contracts/schemas/fields.ts";
import { defaultLocale, localeOptions, storedLocale } from "./locales.ts";

const allLocales: readonly Locale[] = localeField.options;
const translated = allLocales.filter((locale) => locale !== defaultLocale);

function readLocale(locale: Locale): unknown {
  return JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), "utf8"));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Every leaf of a message tree, keyed by its dotted path (e.g. "home.features.apps.title"). */
function leaves(tree: unknown, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (!isObject(tree)) {
    out.set(prefix || "(root)", tree);
    return out;
  }
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isObject(value)) {
      for (const [p, v] of leaves(value, path)) out.set(p, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((m) => m[1] ?? "").sort();

/** Product terms that stay in English in every language. */
const untranslatedTerms = new Set(["USDT", "AppKey", "AppSecret"]);

/** A value may equal en-US only when it is one of the product terms or holds no words besides placeholders. */
const mayEqualEnglish = (text: string): boolean =>
  untranslatedTerms.has(text) || !/\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ""));

const english = leaves(readLocale(defaultLocale));
const messages = new Map(allLocales.map((locale) => [locale, leaves(readLocale(locale))] as const));

describe("locale files (spec section 9)", () => {
  it("en-US has messages", () => {
    expect(english.size).toBeGreaterThan(0);
  });

  describe.each(allLocales)("%s", (locale) => {
    const own = messages.get(locale) ?? new Map<string, unknown>();

    it("has exactly the keys of en-US", () => {
      const missing = [...english.keys()].filter((key) => !own.has(key));
      const extra = [...own.keys()].filter((key) => !english.has(key));
      expect(
        { missing, extra },
        `${locale}.json lacks keys: ${missing.join(", ") || "none"}; has keys en-US.json lacks: ${extra.join(", ") || "none"}`,
      ).toEqual({ missing: [], extra: [] });
    });

    it("has only non-empty strings", () => {
      const bad = [...own].filter(([, value]) => typeof value !== "string" || value.trim() === "").map(([key]) => key);
      expect(bad, `${locale}.json has empty or non-string values at: ${bad.join(", ")}`).toEqual([]);
    });

    it("keeps the placeholders of en-US", () => {
      const differing = [...own]
        .filter(([key, value]) => {
          const source = english.get(key);
          if (typeof value !== "string" || typeof source !== "string") return false;
          return placeholders(value).join("|") !== placeholders(source).join("|");
        })
        .map(([key, value]) => `${key}: ${JSON.stringify(value)} vs ${JSON.stringify(english.get(key))}`);
      expect(differing, `${locale}.json changes placeholders at:\n${differing.join("\n")}`).toEqual([]);
    });

    // The console home's figures each sum one page's rows, and say which by that page's name in the side menu: in
    // Chinese the invoices were called by the bills' word (账单); in Chinese and Japanese the application deposits
    // counted were called by the recharges' word (充值, 入金), while a recharge credited today was not counted.
    it.each([
      ["menu.invoices", ["invoicesToday", "invoices_other", "invoicesTrend", "invoicesCount", "invoicesAmount"]],
      ["menu.bills", ["deposits_one", "deposits_other", "mainChainNote"]],
    ])("names on the console home the rows of %s as that page does", (page, keys) => {
      const name = String(own.get(page)).toLowerCase().replace(/s$/, "");
      const other = keys
        .map((key) => `consoleHome.${key}`)
        .filter((key) => !String(own.get(key)).toLowerCase().includes(name))
        .map((key) => `${key}: ${JSON.stringify(own.get(key))}`);
      expect(other, `${locale}.json names them otherwise than "${name}" at:\n${other.join("\n")}`).toEqual([]);
    });
  });

  describe.each(translated)("%s", (locale) => {
    it("translates every value that has words", () => {
      const own = messages.get(locale) ?? new Map<string, unknown>();
      const untranslated = [...own]
        .filter(([key, value]) => typeof value === "string" && value === english.get(key) && !mayEqualEnglish(value))
        .map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
      expect(untranslated, `${locale}.json still has English at:\n${untranslated.join("\n")}`).toEqual([]);
    });
  });

  it("allows only placeholders and product terms to stay in English", () => {
    expect(mayEqualEnglish("USDT")).toBe(true);
    expect(mayEqualEnglish("{{amount}}")).toBe(true);
    expect(mayEqualEnglish("{{step}} / {{total}}")).toBe(true);
    expect(mayEqualEnglish("Cancel")).toBe(false);
    expect(mayEqualEnglish("{{amount}} USDT")).toBe(false);
  });
});

describe("storedLocale", () => {
  const storageWith = (stored: string | null) => ({
    getItem: (key: string) => (key === "arco-locale" ? stored : null),
  });

  it.each(allLocales)("returns the stored arco-locale %s", (locale) => {
    expect(storedLocale(storageWith(locale))).toBe(locale);
  });

  it.each([null, "", "fr-FR", "zh-cn", "en", "zh-Hans", " en-US"])("falls back to en-US for %j", (stored) => {
    expect(storedLocale(storageWith(stored))).toBe("en-US");
  });
});

describe("localeOptions", () => {
  it("lists each of the six locales once", () => {
    expect(localeOptions.map((option) => option.value).sort()).toEqual([...allLocales].sort());
    expect(allLocales).toHaveLength(6);
  });

  it("gives each locale its own non-empty label", () => {
    const labels = localeOptions.map((option) => option.label);
    expect(labels.every((label) => label.trim() !== "")).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("labels zh-CN as Simplified and zh-TW as Traditional Chinese", () => {
    const label = (locale: Locale) => localeOptions.find((option) => option.value === locale)?.label;
    expect(label("zh-CN")).toMatch(/简体/);
    expect(label("zh-TW")).toMatch(/繁體/);
  });
});

describe("the merchant's payment address", () => {
  // One address, one name: the pay dialog, My wallet and Recharge bills must not read as two addresses.
  it.each(allLocales)("has one name in %s on the pay dialog, My wallet and Recharge bills", (locale) => {
    const messages = leaves(readLocale(locale));
    const name = String(messages.get("wallet.paymentAddress"));
    expect(messages.get("recharges.columns.paymentAddress")).toBe(name);
    expect(String(messages.get("orderPayment.payTo")).toLowerCase()).toContain(name.toLowerCase());
    expect(String(messages.get("recharges.emptyHint")).toLowerCase()).toContain(name.toLowerCase());
  });
});
