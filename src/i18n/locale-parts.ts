import type { Locale } from "../../contracts/schemas/fields.ts";

/**
 * A locale file comes to the browser in two parts. The public part holds the sections the prerendered public
 * pages (/login, /register, /forget, /home, /products/enterprise-pack) show, first render or later (a toast, the
 * Re-Login dialog, a failed field); the console part, every other section, comes with the first page that needs
 * it (src/app/route-modules.ts). The build fails when a prerendered page shows a key of the console part
 * (src/prerender/render-page.tsx renders them strictly), and every browser journey fails on a missing key
 * (e2e/support/tab.ts). locales/*.json stay whole: translators edit one file per language.
 */
export const publicSections = [
  "app",
  "common",
  "fields",
  "login",
  "register",
  "forgot",
  "code",
  "session",
  "errors",
  "errorPage",
  "validation",
  "navbar",
  "language",
  "public",
  "google",
  "googleLink",
  "home",
  "enterprise",
  // What a package's limits mean: the enterprise page's, the cards', the pay dialog's and the console home's.
  "packageLimits",
] as const;

/**
 * The hosted checkout page (`/pay/{invoiceId}`, src/checkout/) loads only these. The invoice's status words are in the
 * console part too, so the console and the page name a status the same way from one section.
 */
export const checkoutSections = ["checkout", "invoiceStatus"] as const;
const checkoutOnly = ["checkout"];

export type LocalePart = "public" | "console" | "checkout";

type Messages = Record<string, unknown>;

const isPublic = (section: string) => (publicSections as readonly string[]).includes(section);

const inPart: Record<LocalePart, (section: string) => boolean> = {
  public: isPublic,
  console: (section) => !isPublic(section) && !checkoutOnly.includes(section),
  checkout: (section) => (checkoutSections as readonly string[]).includes(section),
};

/** The sections of one part of a locale's messages. */
export function localePart(messages: Messages, part: LocalePart): Messages {
  return Object.fromEntries(Object.entries(messages).filter(([section]) => inPart[part](section)));
}

/** The module specifier the build answers with one part of one locale (scripts/vite-locale-parts.ts). */
export const localePartSpecifier = (locale: Locale, part: LocalePart) => `locale-part:${locale}/${part}`;
