import type { SystemActor, SystemMerchantScope, SystemScope } from "../platform/merchant-scope.ts";

/**
 * The system, acting without a session (merchant-scope.ts). Called once at the top of each system module
 * (`const system = systemScope("chain-listener")`), and only there: scripts/symbol-rules.ts lists the files.
 */
export const systemScope = (actor: SystemActor): SystemScope => ({ actor }) as SystemScope;

/** The system acting for a merchant it found itself (by a receiving address, an order, an e-mail and password). */
export const actFor = (system: SystemScope, merchantId: string): SystemMerchantScope =>
  ({ merchantId, actor: system.actor }) as SystemMerchantScope;
