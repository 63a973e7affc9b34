import type { ListArea, ListSearch } from "./list-area.ts";

/**
 * A list's search as the address bar holds it: each field filled in, by its name, in the form's order, as the form
 * holds it (a time is the merchant's local date-time, as typed). The page writes it so a reload, a copied link or a
 * tab opened again shows the same rows.
 */
export function listQueryOf(area: Pick<ListArea, "fields">, search: ListSearch): string {
  const pairs: string[] = [];
  for (const field of area.fields) {
    const value = (search[field.name] ?? "").trim();
    if (value !== "") pairs.push(`${encodeURIComponent(field.name)}=${encodeURIComponent(value)}`);
  }
  return pairs.join("&");
}

/** The search a link's query names: the area's fields only, anything else left out (the list checks the values). */
export const searchOfQuery = (
  area: Pick<ListArea, "fields">,
  query: { get(name: string): string | null },
): ListSearch => Object.fromEntries(area.fields.map((field) => [field.name, query.get(field.name) ?? ""]));
