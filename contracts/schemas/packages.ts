import * as z from "zod/mini";
import { usdtAmount } from "./fields.ts";

/** The packages a merchant can buy (spec sections 2, 3 and 9). Prices are decimal strings of USDT. */

/** Package limits; null means unlimited. */
export const packageLimits = z.object({
  wallets: z.nullable(z.number()),
  currencies: z.nullable(z.number()),
  applications: z.nullable(z.number()),
});
export type PackageLimits = z.infer<typeof packageLimits>;

/** Spec section 9: "term units month and quarter"; a trial runs for days ("other"), the enterprise pack for a year. */
export const termUnits = ["day", "month", "quarter", "year"] as const;
export const termUnit = z.enum(termUnits);
export type TermUnit = z.infer<typeof termUnit>;

export const packageKinds = ["trial", "standard", "enterprise"] as const;
export const packageKind = z.enum(packageKinds);
export type PackageKind = z.infer<typeof packageKind>;

export const servicePackage = z.object({
  id: z.string(),
  /** Stable name, also the i18n key under `packages.names.` (the console shows it in the merchant's language). */
  code: z.string(),
  name: z.string(),
  kind: packageKind,
  price: usdtAmount,
  termUnit,
  termCount: z.number(),
  /** Whole months of the term (0 for a trial of days): the "term in months" column of my orders. */
  termMonths: z.number(),
  limits: packageLimits,
});
export type ServicePackage = z.infer<typeof servicePackage>;

export const packageListResult = z.array(servicePackage);
