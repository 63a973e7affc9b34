const localDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/**
 * A date-time field's local value as an ISO instant. The end of the range takes in the whole minute it names
 * (09:30 finds a row made at 09:30:40). Anything else is passed on as typed, for the schema to refuse.
 */
export function toInstant(value: string, edge: "start" | "end"): string {
  if (!localDateTime.test(value)) return value;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const wholeMinute = edge === "end" && value.length === 16;
  return new Date(at.getTime() + (wholeMinute ? 59_999 : 0)).toISOString();
}
