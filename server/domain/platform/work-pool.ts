import { errCodes } from "../../../contracts/schemas/envelope.ts";
import { ApiError, messages } from "./outcome.ts";

/**
 * Bounded work in lanes: at most `maxConcurrent` jobs run at once, plus `trustedSlots` kept for the browsers that
 * proved they signed in before (a valid device cookie). Waiting jobs are started lane by lane: trusted devices, then
 * sign-ins to real accounts, then other work (registrations, resets), then the equal-work checks of sign-ins to
 * e-mails nobody uses. Other work and unknown e-mails together may never hold the last general slot, so a flood of
 * either cannot keep a merchant from signing in; unknown e-mails wait in a short line of their own and are shed
 * first. A full line, or a wait longer than `maxWaitMs`, answers 503 "busy" (5030) instead of piling up. Two pools
 * use it: password hashing (`services.kdf`, the one CPU- and memory-heavy thing a request can ask for) and the
 * unauthenticated code calls (`services.codeCalls`, so a burst of them cannot fill the database's queue ahead of a
 * sign-in).
 */
export type WorkPriority = "trusted-device" | "sign-in" | "other" | "unknown-account";

/** The order in which waiting work is started. */
const lanes: readonly WorkPriority[] = ["trusted-device", "sign-in", "other", "unknown-account"];

export interface WorkPoolOptions {
  maxConcurrent: number;
  /** Waiting jobs per line: trusted devices have theirs, sign-ins and other work share one. */
  maxQueued: number;
  maxWaitMs: number;
  /** Slots only trusted devices may take (default 1). */
  trustedSlots?: number;
  /** The line of checks for unknown e-mails (default 8): past it they are refused at once. */
  maxQueuedUnknown?: number;
}

export interface WorkPool {
  run<T>(priority: WorkPriority, work: () => Promise<T>): Promise<T>;
  /** Running and waiting jobs, for tests and the benchmark. */
  stats(): { running: number; queued: number };
}

interface Waiting {
  start: () => void;
  timer: ReturnType<typeof setTimeout>;
}

export const defaultWorkPoolOptions: WorkPoolOptions = { maxConcurrent: 2, maxQueued: 64, maxWaitMs: 10_000 };
export const codeCallPoolOptions: WorkPoolOptions = { maxConcurrent: 4, maxQueued: 256, maxWaitMs: 10_000 };

export function createWorkPool(options: WorkPoolOptions = defaultWorkPoolOptions): WorkPool {
  const maxConcurrent = Math.max(2, options.maxConcurrent);
  const trustedSlots = Math.max(0, options.trustedSlots ?? 1);
  const lineOf = (priority: WorkPriority) =>
    priority === "unknown-account" ? (options.maxQueuedUnknown ?? 8) : options.maxQueued;
  const running: Record<WorkPriority, number> = { "trusted-device": 0, "sign-in": 0, other: 0, "unknown-account": 0 };
  const queues: Record<WorkPriority, Waiting[]> = {
    "trusted-device": [],
    "sign-in": [],
    other: [],
    "unknown-account": [],
  };
  const total = () => lanes.reduce((sum, lane) => sum + running[lane], 0);
  const waiting = (priority: WorkPriority) =>
    priority === "other" ? queues.other.length + queues["sign-in"].length : queues[priority].length;

  function mayStart(priority: WorkPriority): boolean {
    const device = running["trusted-device"];
    if (priority === "trusted-device") return device < maxConcurrent + trustedSlots;
    // The trusted slots not in use by a device stay free for one.
    if (total() - device + Math.max(device - trustedSlots, 0) >= maxConcurrent) return false;
    return priority === "sign-in" || running.other + running["unknown-account"] < maxConcurrent - 1;
  }

  function pump() {
    for (;;) {
      const lane = lanes.find((l) => queues[l].length > 0 && mayStart(l));
      if (!lane) return;
      const next = queues[lane].shift() as Waiting;
      clearTimeout(next.timer);
      next.start();
    }
  }

  async function execute<T>(priority: WorkPriority, work: () => Promise<T>): Promise<T> {
    running[priority] += 1;
    try {
      return await work();
    } finally {
      running[priority] -= 1;
      pump();
    }
  }

  return {
    run(priority, work) {
      const ahead = lanes.slice(0, lanes.indexOf(priority) + 1);
      if (ahead.every((l) => queues[l].length === 0) && mayStart(priority)) return execute(priority, work);
      if (waiting(priority) >= lineOf(priority)) return Promise.reject(busy());
      const queue = queues[priority];
      return new Promise((resolve, reject) => {
        const entry: Waiting = {
          start: () => execute(priority, work).then(resolve, reject),
          timer: setTimeout(() => {
            queue.splice(queue.indexOf(entry), 1);
            reject(busy());
          }, options.maxWaitMs),
        };
        queue.push(entry);
      });
    },
    stats: () => ({ running: total(), queued: lanes.reduce((sum, lane) => sum + queues[lane].length, 0) }),
  };
}

const busy = () => new ApiError(errCodes.busy, messages.busy, 503);

/** Whether an error is a pool's refusal (503, 5030): the work never ran. */
export const isBusy = (error: unknown): boolean => error instanceof ApiError && error.code === errCodes.busy;
