import type { Kysely } from "kysely";
import { errCodes } from "../../../contracts/schemas/envelope.ts";
import type { PaymentLinkRequest } from "../../../contracts/schemas/invoices.ts";
import type { OpenInvoice } from "../../../contracts/schemas/open-api-invoices.ts";
import type { DB } from "../../db/schema.ts";
import { appNotFoundMessage, ownApplication } from "../applications/applications.ts";
import type { MerchantScope } from "../platform/merchant-scope.ts";
import { fail, type Outcome } from "../platform/outcome.ts";
import { createInvoice, type InvoiceSettings } from "./open-api-invoices.ts";

/**
 * The order a payment link names: the console's request id, so the same request sent again meets the invoice it made
 * (createInvoice answers it) instead of making a second one.
 */
export const paymentLinkOrderId = (requestId: string) => `link-${requestId.replaceAll("-", "")}`;

/**
 * "Create a payment link": the open API's createInvoice for one of the signed-in merchant's applications, with the
 * same refusals. Another merchant's application reads as none; a stopped one is refused as its AppKey would be.
 */
export async function createPaymentLink(
  db: Kysely<DB>,
  scope: MerchantScope,
  request: PaymentLinkRequest,
  settings: InvoiceSettings,
): Promise<Outcome<OpenInvoice>> {
  const app = await ownApplication(db, scope, request.appCode);
  if (!app) return fail(errCodes.appNotFound, appNotFoundMessage);
  if (app.status !== "normal")
    return fail(errCodes.openApiAppStopped, "This application is stopped: enable it in My applications", 403);
  const orderId = paymentLinkOrderId(request.requestId);
  return createInvoice(
    db,
    { applicationId: app.id, appCode: app.app_code, scope },
    {
      orderId,
      amount: request.amount,
      expiresInSeconds: request.expiresInSeconds,
      // An empty description is none, as on the checkout page.
      ...(request.description ? { description: request.description } : {}),
      ...(request.redirectUrl ? { redirectUrl: request.redirectUrl } : {}),
    },
    undefined,
    settings,
  );
}
