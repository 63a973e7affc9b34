/**
 * Every figure the console shows, formatted in one place with formatters built once per locale (building an
 * Intl formatter costs far more than using one). Money stays a decimal string all the way (docs/architecture.md section 5):
 * Intl formats the string itself, never a JavaScript number, so no digit is lost or rounded.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let formatter = formatters.get(key) as F | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

const decimal = /^-?\d+(\.\d+)?$/;

/**
 * A USDT amount as the wire carries it (a decimal string): the locale's separators, at least two decimals and every
 * significant one after (an amount to pay is shown to its last digit), then the unit (USDT is no ISO currency).
 */
export const formatUsdt = (amount: string, locale: string): string => formatTokenAmount(amount, "USDT", locale);

/** An amount of a token (a decimal string) as `formatUsdt` shows USDT, followed by the token's symbol. */
export function formatTokenAmount(amount: string, symbol: string, locale: string): string {
  return `${decimalFigure(amount, locale, 2)} ${symbol}`;
}

/**
 * `formatUsdt`'s amount cut where the cents end: a merchant reads money to the cent, and a prorated credit's further
 * digits (50.00|6127) stay shown, set apart, since the amount is exact to the token's precision.
 */
export function usdtFigureParts(amount: string, locale: string): { cents: string; finer: string; unit: "USDT" } {
  const figure = decimalFigure(amount, locale, 2);
  const significant = (amount.split(".")[1] ?? "").replace(/0+$/, "").length;
  if (!decimal.test(amount) || significant <= 2) return { cents: figure, finer: "", unit: "USDT" };
  // Decimal style writes the fraction last: its digits beyond the second are the figure's tail.
  const finerDigits = significant - 2;
  return { cents: figure.slice(0, -finerDigits), finer: figure.slice(-finerDigits), unit: "USDT" };
}

/** A decimal string with the locale's separators and every significant decimal (a gas fee of 0.000042 stays whole). */
export const formatDecimal = (amount: string, locale: string): string => decimalFigure(amount, locale, 0);

function decimalFigure(amount: string, locale: string, minimumDigits: number): string {
  if (!decimal.test(amount)) return amount;
  const significant = (amount.split(".")[1] ?? "").replace(/0+$/, "").length;
  const digits = Math.max(minimumDigits, significant);
  const figure = cached(
    `decimal:${locale}:${digits}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
  );
  return figure.format(amount as `${number}`);
}

/** A count (a package's limit, a number of orders) with the locale's grouping. */
export const formatCount = (value: number, locale: string): string =>
  cached(`count:${locale}`, () => new Intl.NumberFormat(locale)).format(value);

const byteUnits = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;

/** A size in bytes in the locale's words for its unit (1,5 MB, 1.5 MB…), one decimal past a kilobyte. */
export function formatBytes(bytes: number, locale: string): string {
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit++;
  }
  const name = byteUnits[unit] ?? "byte";
  return cached(
    `bytes:${locale}:${name}`,
    () =>
      new Intl.NumberFormat(locale, {
        style: "unit",
        unit: name,
        unitDisplay: "short",
        maximumFractionDigits: unit === 0 ? 0 : 1,
      }),
  ).format(value);
}

const toDate = (iso: string | Date) => (typeof iso === "string" ? new Date(iso) : iso);

export const formatDateTime = (iso: string | Date, locale: string): string =>
  cached(
    `datetime:${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }),
  ).format(toDate(iso));

/**
 * `formatDateTime`'s text cut where the time begins (its hour or its day period, whichever the language puts first),
 * so a table cell can put the time under the date instead of breaking anywhere; joined, the same text.
 */
export function formatDateTimeParts(iso: string | Date, locale: string): { date: string; time: string } {
  const parts = cached(
    `datetime:${locale}`,
    () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }),
  ).formatToParts(toDate(iso));
  const cut = parts.findIndex((part) => part.type === "hour" || part.type === "dayPeriod");
  // V8's format() writes a plain space where formatToParts keeps ICU's narrow no-break space (before "PM").
  const join = (list: Intl.DateTimeFormatPart[]) =>
    list
      .map((part) => part.value)
      .join("")
      .replaceAll("\u202f", " ");
  return cut <= 0 ? { date: join(parts), time: "" } : { date: join(parts.slice(0, cut)), time: join(parts.slice(cut)) };
}

export const formatDate = (iso: string | Date, locale: string): string =>
  cached(`date:${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: "long" })).format(toDate(iso));

/** A countdown as mm:ss (the same in every language). */
export const formatClock = (seconds: number): string =>
  `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
