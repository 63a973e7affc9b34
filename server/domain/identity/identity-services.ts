import type { Limits } from "../platform/limits.ts";
import type { RefusalMemo } from "../platform/refusal-memo.ts";
import type { WorkPool } from "../platform/work-pool.ts";

/** What the identity use cases need of the server's services (server/http/handler.ts's `Services` has them all). */
export interface IdentityServices {
  limits: Limits;
  /** The server secret the codes' pepper and the device cookies come from. */
  secret: Buffer;
  /** Every password hash and check goes through it. */
  kdf: WorkPool;
  refusals: RefusalMemo;
}
