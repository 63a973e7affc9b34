import { errCodes } from "../../../contracts/schemas/envelope.ts";
import { ApiError, messages } from "./outcome.ts";

/**
 * Bounded work with sign-in first: at most `maxConcurrent` jobs run at once, the rest wait in line,
 * sign-ins ahead. Work that is not a sign-in may never hold the last slot, so a flood of it cannot
 * keep a merchant from signing in. A full line, or a wait longer than `maxWaitMs`, answers 503
 * "busy" (5030) instead of piling up. Two pools use it: password hashing (`services.kdf`, the one
 * CPU- and memory-heavy thing a request can ask for) and the unauthenticated code calls
 * (`services.codeCalls`, so a burst of them cannot fill the database's queue ahead of a sign-in).
 */
export type WorkPriority = "sign-in" | "other";

export interface WorkPoolOptions {
  maxConcurrent: number;
  maxQueued: number;
  maxWaitMs: number;
}

export interface WorkPool {
  run<T>(priority: WorkPriority, work: () => Promise<T>): Promise<T>;
  /** Running and waiting jobs, for tests and the benchmark. */
  stats(): { running: number; queued: number };
}

interface Waiting {
  priority: WorkPriority;
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
}

export const defaultWorkPoolOptions: WorkPoolOptions = { maxConcurrent: 2, maxQueued: 64, maxWaitMs: 10_000 };
export const codeCallPoolOptions: WorkPoolOptions = { maxConcurrent: 4, maxQueued: 256, maxWaitMs: 10_000 };

export function createWorkPool(options: WorkPoolOptions = defaultWorkPoolOptions): WorkPool {
  const maxConcurrent = Math.max(2, options.maxConcurrent);
  let running = 0;
  let runningOther = 0;
  const queue: Waiting[] = [];

  const mayStart = (priority: WorkPriority) =>
    running < maxConcurrent && (priority === "sign-in" || runningOther < maxConcurrent - 1);

  function pump() {
    for (;;) {
      const index = queue.findIndex((w) => w.priority === "sign-in" && mayStart("sign-in"));
      const next = index >= 0 ? index : queue.findIndex((w) => mayStart(w.priority));
      if (next < 0) return;
      const [waiting] = queue.splice(next, 1) as [Waiting];
      clearTimeout(waiting.timer);
      waiting.start();
    }
  }

  async function execute<T>(priority: WorkPriority, work: () => Promise<T>): Promise<T> {
    running += 1;
    if (priority === "other") runningOther += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      if (priority === "other") runningOther -= 1;
      pump();
    }
  }

  return {
    run(priority, work) {
      const nobodyAhead = priority === "sign-in" ? !queue.some((w) => w.priority === "sign-in") : queue.length === 0;
      if (nobodyAhead && mayStart(priority)) return execute(priority, work);
      if (queue.length >= options.maxQueued) return Promise.reject(busy());
      return new Promise((resolve, reject) => {
        const waiting: Waiting = {
          priority,
          start: () => execute(priority, work).then(resolve, reject),
          timer: setTimeout(() => {
            queue.splice(queue.indexOf(waiting), 1);
            reject(busy());
          }, options.maxWaitMs),
        };
        queue.push(waiting);
      });
    },
    stats: () => ({ running, queued: queue.length }),
  };
}

const busy = () => new ApiError(errCodes.busy, messages.busy, 503);

/** Whether an error is a pool's refusal (503, 5030): the work never ran. */
export const isBusy = (error: unknown): boolean => error instanceof ApiError && error.code === errCodes.busy;
