/**
 * Runs `run` (a prune, a retry of due mail, a sweep) `everyMs` after the previous run ended (first shortly after start), so runs never
 * overlap; the timer never keeps the process alive. The returned stop waits for a run in progress,
 * so the database is not closed under it.
 */
export function scheduleRuns(
  run: () => Promise<unknown>,
  everyMs: number,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const after = (delayMs: number) => {
    timer = setTimeout(() => {
      running = run().then(
        () => {},
        (error: unknown) => onError(error),
      );
      void running.then(() => {
        if (!stopped) after(everyMs);
      });
    }, delayMs);
    timer.unref();
  };
  after(Math.min(everyMs, 5_000));
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
