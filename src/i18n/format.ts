/** Locale-aware figures. USDT is not an ISO currency, so the amount is a number with the unit after it. */
export function formatUsdt(amount: number | string, locale: string): string {
  const value = typeof amount === "string" ? Number(amount) : amount;
  const figure = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(value);
  return `${figure} USDT`;
}

export function formatDateTime(iso: string | Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(typeof iso === "string" ? new Date(iso) : iso);
}

export function formatDate(iso: string | Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(typeof iso === "string" ? new Date(iso) : iso);
}
