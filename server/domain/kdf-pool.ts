import { errCodes } from "../../contracts/schemas/envelope.ts";
import { ApiError, messages } from "../http/envelope.ts";

/**
 * Password hashing is the one CPU- and memory-heavy thing a request can ask for. Every hash or
 * check goes through this pool: at most `maxConcurrent` run at once, the rest wait in line, sign-in
 * first. Work that is not a sign-in (registration, reset, change) may never hold the last slot, so a
 * flood of it cannot keep a merchant from signing in. A full line, or a wait longer than
 * `maxWaitMs`, answers 503 "busy" instead of piling up.
 */
export type KdfPriority = "sign-in" | "other";

export interface KdfPoolOptions {
  maxConcurrent: number;
  maxQueued: number;
  maxWaitMs: number;
}

export interface KdfPool {
  run<T>(priority: KdfPriority, work: () => Promise<T>): Promise<T>;
  /** Running and waiting jobs, for tests and the benchmark. */
  stats(): { running: number; queued: number };
}

interface Waiting {
  priority: KdfPriority;
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
}

export const defaultKdfPoolOptions: KdfPoolOptions = { maxConcurrent: 2, maxQueued: 64, maxWaitMs: 10_000 };

export function createKdfPool(options: KdfPoolOptions = defaultKdfPoolOptions): KdfPool {
  const maxConcurrent = Math.max(2, options.maxConcurrent);
  let running = 0;
  let runningOther = 0;
  const queue: Waiting[] = [];

  const mayStart = (priority: KdfPriority) =>
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

  async function execute<T>(priority: KdfPriority, work: () => Promise<T>): Promise<T> {
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
