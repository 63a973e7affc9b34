import type { ListArea, ListSearch, SearchField } from "./list-area.ts";

const localMinute = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
/** A time as a link names it: its local minute and that minute's offset ("+" read back as a space when unescaped). */
const zonedMinute = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})([+ -])(\d{2}):(\d{2})$/;

const two = (n: number) => String(n).padStart(2, "0");
const isTime = (field: SearchField) => field.kind === "from" || field.kind === "until";

/** A form's local minute with the offset it has here: another time zone reads the same instant from the link. */
function zonedOf(value: string): string {
  if (!localMinute.test(value)) return value;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const east = -at.getTimezoneOffset();
  const sign = east < 0 ? "-" : "+";
  return `${value}${sign}${two(Math.floor(Math.abs(east) / 60))}:${two(Math.abs(east) % 60)}`;
}

/** A link's time as the form here shows it: the same instant in this time zone's local minute. */
function localOf(value: string): string {
  const parts = zonedMinute.exec(value);
  if (!parts) return value;
  const [, minute, sign, hours, minutes] = parts;
  const at = new Date(`${minute}:00${sign === "-" ? "-" : "+"}${hours}:${minutes}`);
  if (Number.isNaN(at.getTime())) return value;
  const date = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  return `${date}T${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** The address bar's name of the page size (left out at the area's default). */
const pageSizeName = "pageSize";

/**
 * A list's search as the address bar holds it: each field filled in, by its name, in the form's order, as the form
 * holds it — a time as the merchant's local minute with its offset, so a link opened in another time zone finds the
 * same rows — then the page size when it is not the area's default. The page writes it so a reload, a copied link or
 * a tab opened again shows the same rows.
 */
export function listQueryOf(
  area: Pick<ListArea, "fields" | "defaultPageSize">,
  search: ListSearch,
  pageSize = area.defaultPageSize,
): string {
  const pairs: string[] = [];
  for (const field of area.fields) {
    const value = (search[field.name] ?? "").trim();
    if (value !== "")
      pairs.push(`${encodeURIComponent(field.name)}=${encodeURIComponent(isTime(field) ? zonedOf(value) : value)}`);
  }
  if (pageSize !== area.defaultPageSize) pairs.push(`${pageSizeName}=${pageSize}`);
  return pairs.join("&");
}
/**
 * The search a link's query names: the area's fields only, anything else left out (the list checks the values); a
 * time with an offset in this time zone's local minute, one without as it is.
 */
export const searchOfQuery = (
  area: Pick<ListArea, "fields">,
  query: { get(name: string): string | null },
): ListSearch =>
  Object.fromEntries(
    area.fields.map((field) => {
      const value = query.get(field.name) ?? "";
      return [field.name, isTime(field) ? localOf(value) : value];
    }),
  );

/** The page size a link's query names: one of the area's, else (none, or one it does not offer) its default. */
export function pageSizeOfQuery(
  area: Pick<ListArea, "pageSizes" | "defaultPageSize">,
  query: { get(name: string): string | null },
): number {
  const named = query.get(pageSizeName) ?? "";
  return area.pageSizes.find((size) => String(size) === named) ?? area.defaultPageSize;
}
