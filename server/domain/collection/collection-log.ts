/** The levels of the server's logger (pino's) that collection's lines reach. */
export interface CollectionLogger {
  info(fields: Record<string, unknown>, msg: string): void;
  warn(fields: Record<string, unknown>, msg: string): void;
  error(fields: Record<string, unknown>, msg: string): void;
}

/**
 * Collection's `log` for the server's logger. collection-jobs.ts writes its reports and failures as JSON lines with a
 * pino level (30 a run's figures, 50 a job that could not be queued); each is logged at that level with its fields, so
 * a failure reads as an error in the server's log rather than as an info line holding JSON text. A plain sentence
 * ("collection is off: …") is info.
 */
export function collectionLogTo(logger: CollectionLogger): (line: string) => void {
  return (line) => {
    let entry: unknown;
    try {
      entry = line.startsWith("{") ? JSON.parse(line) : undefined;
    } catch {
      entry = undefined;
    }
    if (!entry || typeof entry !== "object") {
      logger.info({}, line);
      return;
    }
    const { level, time: _time, msg, ...fields } = entry as Record<string, unknown>;
    const text = typeof msg === "string" ? msg : "collection";
    const at = typeof level === "number" ? level : 30;
    if (at >= 50) logger.error(fields, text);
    else if (at >= 40) logger.warn(fields, text);
    else logger.info(fields, text);
  };
}
