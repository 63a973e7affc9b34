import { createHash } from "node:crypto";

/** The job queue of callback attempts: one job names one due attempt of one delivery. */
export const deliveryQueue = "callback-delivery";

export interface AttemptJob {
  deliveryId: string;
  /** The delivery's event id (a UUID of its own, unlike its row id, which a restored or reset database gives again). */
  eventId: string;
  /** The delivery's attempts when the job was sent: the job attempts it only if that is still the count. */
  attempts: number;
}

/**
 * The job id of one attempt of one delivery: a name-based UUID (RFC 9562 version 5 layout over SHA-1) of the delivery
 * (its event id) and its attempts so far. Every instance, the sweep and the worker's follow-up all derive the same id
 * for the same attempt, and the queue keeps one job per id.
 */
export function attemptJobId({ eventId, attempts }: Pick<AttemptJob, "eventId" | "attempts">): string {
  const hash = createHash("sha1").update(`callback-delivery\u0000${eventId}\u0000${attempts}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
