import { randomBytes, randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { DemoInvoice } from "../../../contracts/schemas/demo.ts";
import type { ConfiguredChain } from "../../chain/chain-layer.ts";
import type { DB } from "../../db/schema.ts";
import type { AcceptableToken } from "../applications/accepted-currencies.ts";
import type { CallbackTargets } from "../callbacks/callback-target.ts";
import { actFor, systemScope } from "../identity/system-scope.ts";
import { fail, ok, type Outcome } from "../platform/outcome.ts";
import { findDemoApplication } from "./demo-merchant.ts";
import { createInvoice } from "./open-api-invoices.ts";

/** /demo01 makes invoices of the demo merchant, as its shop's backend would through the open API. */
const system = systemScope("demo-checkout");

export interface DemoInvoiceSettings {
  chains: readonly ConfiguredChain[];
  tokens: readonly AcceptableToken[];
  callbackTargets: CallbackTargets;
  secret: Buffer;
  origin: string;
  now: Date;
}

/** The devnet's chain, when this server follows one that takes invoices: the demo is paid there, never on a real chain. */
export const demoChainOf = (chains: readonly ConfiguredChain[]) => chains.find((c) => c.devnet && c.depositFactory);

/** A small shop-like amount, 1.00 to 9.99 USDT: enough to see, little to send from the dev account. */
const demoAmount = () => `${randomInt(1, 10)}.${String(randomInt(0, 100)).padStart(2, "0")}`;

const unavailable = () =>
  fail(errCodes.demoUnavailable, "The demo is not available on this server: it runs only with the devnet");

/** A new invoice of the demo merchant on the devnet, 15 minutes to pay; refused on a server without the devnet. */
export async function createDemoInvoice(db: Kysely<DB>, settings: DemoInvoiceSettings): Promise<Outcome<DemoInvoice>> {
  const chain = demoChainOf(settings.chains);
  const app = chain && (await findDemoApplication(db));
  if (!chain || !app) return unavailable();
  // The shop's site is this server's landing page, so the checkout page's way back leads where the visitor came from.
  const site = `${settings.origin}/home`;
  await db
    .updateTable("applications")
    .set({ address: site })
    .where("id", "=", app.applicationId)
    .where("address", "<>", site)
    .execute();
  const caller = { ...app, scope: actFor(system, app.merchantId) };
  const orderId = `demo-${randomBytes(12).toString("base64url")}`;
  const made = await createInvoice(
    db,
    caller,
    { orderId, amount: demoAmount(), chains: [chain.product] },
    undefined,
    settings,
  );
  return made.ok ? ok({ invoiceId: made.data.invoiceId }) : made;
}
