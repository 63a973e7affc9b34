/**
 * CALLBACK_RETRY_SCHEDULE (a test server's): the pauses between automatic attempts, comma-separated whole seconds
 * (`1,1,2`), 1 to 20 of them from 1 to 604800 each.
 */
export function readRetrySchedule(setting: string): number[] {
  const parts = setting.split(",").map((part) => part.trim());
  const seconds = parts.map(Number);
  if (
    parts.length > 20 ||
    parts.some((p, i) => p === "" || !Number.isInteger(seconds[i]) || seconds[i]! < 1 || seconds[i]! > 604_800)
  )
    throw new Error(
      "CALLBACK_RETRY_SCHEDULE must be up to 20 comma-separated whole seconds from 1 to 604800 (e.g. 1,1,2)",
    );
  return seconds;
}
