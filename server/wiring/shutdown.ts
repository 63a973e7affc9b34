import type { Readiness } from "./readiness.ts";

export interface DrainSettings {
  /** DRAIN_SECONDS: after a SIGTERM, how long the server goes on answering, /readyz with 503, before it closes. */
  drainMs: number;
  /** DRAIN_TIMEOUT_SECONDS: from the signal, the time the whole stop may take; past it the process exits with 1. */
  timeoutMs: number;
}

/** DRAIN_SECONDS (0 to 600, default 0) and DRAIN_TIMEOUT_SECONDS (1 to 3600, default 30), whole seconds. */
export function drainSettingsFromEnv(env: NodeJS.ProcessEnv): DrainSettings {
  return {
    drainMs: wholeSeconds(env, "DRAIN_SECONDS", 0, 0, 600) * 1000,
    timeoutMs: wholeSeconds(env, "DRAIN_TIMEOUT_SECONDS", 30, 1, 3600) * 1000,
  };
}

function wholeSeconds(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const setting = env[name]?.trim();
  if (!setting) return fallback;
  const seconds = Number(setting);
  if (!Number.isInteger(seconds) || seconds < min || seconds > max)
    throw new Error(`${name} must be a whole number of seconds from ${min} to ${max}`);
  return seconds;
}

export interface ShutdownOptions {
  settings: DrainSettings;
  readiness: Readiness;
  /** Closes what the process holds, in order: the HTTP server (its streams end), the workers, the queue, the database. */
  close(): Promise<void>;
  log: {
    info(data: object, message: string): void;
    error(data: object, message: string): void;
  };
  exit?: (code: number) => void;
  wait?: (ms: number) => Promise<void>;
}

/**
 * The process's way out on SIGTERM or SIGINT: not ready at once; on SIGTERM (an orchestrator, a load balancer's drain)
 * still serving for DRAIN_SECONDS so the balancer sees the 503 and sends no more, on SIGINT (a person at the terminal)
 * at once; then everything closed, in DRAIN_TIMEOUT_SECONDS from the signal at most. A second signal exits at once.
 */
export function shutdownOnSignals(options: ShutdownOptions): (signal: NodeJS.Signals) => Promise<void> {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const { log, settings } = options;
  let stopping = false;
  return async (signal) => {
    if (stopping) {
      log.error({ signal }, "second signal while stopping: exiting now");
      return exit(1);
    }
    stopping = true;
    options.readiness.drain();
    const drainMs = signal === "SIGTERM" ? settings.drainMs : 0;
    log.info({ signal, drainMs, timeoutMs: settings.timeoutMs }, "draining: not ready, then closing");
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), settings.timeoutMs);
    });
    const closing = (async () => {
      if (drainMs > 0) await wait(drainMs);
      await options.close();
      return "closed" as const;
    })();
    try {
      const outcome = await Promise.race([closing, late]);
      if (outcome === "late") {
        log.error({ timeoutMs: settings.timeoutMs }, "did not stop within DRAIN_TIMEOUT_SECONDS: exiting");
        return exit(1);
      }
      return exit(0);
    } catch (error) {
      log.error({ err: error }, "unclean shutdown");
      return exit(1);
    } finally {
      clearTimeout(timer);
    }
  };
}
