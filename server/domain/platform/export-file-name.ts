/**
 * A list's file named as the filters made it: `application-bills-2026-11-30-filtered.csv` when any filter is set (the
 * file is not the whole list, and a merchant who keeps both can tell them apart), the use case's name otherwise.
 */
export function namedForFilters(fileName: string, filters: object): string {
  const filtered = Object.values(filters).some((value) => value !== undefined && value !== null && value !== "");
  return filtered ? fileName.replace(/(\.csv)?$/, "-filtered$1") : fileName;
}
