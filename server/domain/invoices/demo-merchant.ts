import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { newAppKey, newAppSecret, sealAppSecret } from "../applications/app-secrets.ts";
import { newWebhookSecret, sealWebhookSecret } from "../applications/webhook-secrets.ts";
import { nextDayNumber } from "../platform/day-numbers.ts";

/**
 * The demo merchant behind /demo01: nobody signs in to it. Its e-mail is no e-mail (every request's e-mail field refuses
 * it, so no code, reset, registration or Google account can name it) and its password hash is none (a sign-in check
 * then does the dummy work and fails).
 */
export const demoMerchantEmail = "demo01";
const noPassword = "locked";
/** The shop a visitor pays on the checkout page: a name, like any merchant's application, not a phrase to translate. */
export const demoShopName = "Demo shop";
/**
 * The demo shop's site until a visitor's request names the server's origin (demo-invoices.ts), and where its callbacks
 * would go: a name that never resolves (RFC 6761), so its invoices' events are kept in the log and sent nowhere.
 */
const nowhere = "https://demo.invalid";
/** The demo merchant's package never runs out: an invoice needs an active one. */
const demoPackageUntil = new Date("9999-12-31T00:00:00.000Z");

export interface DemoApplication {
  merchantId: string;
  applicationId: string;
  appCode: string;
  appKey: string;
}

/** The demo merchant's application, if it was seeded. */
export const findDemoApplication = (db: Kysely<DB>): Promise<DemoApplication | undefined> =>
  db
    .selectFrom("merchants as m")
    .innerJoin("applications as a", "a.merchant_id", "m.id")
    .select(["m.id as merchantId", "a.id as applicationId", "a.app_code as appCode", "a.app_key as appKey"])
    .where("m.email", "=", demoMerchantEmail)
    .orderBy("a.id")
    .executeTakeFirst();

/**
 * The demo merchant, its enterprise package and its one application, made once: every start of a server with the
 * devnet calls it, and two instances starting together meet at the merchant's row (made or locked once), so there is
 * one of each whatever races.
 */
export async function ensureDemoMerchant(
  db: Kysely<DB>,
  { secret, now }: { secret: Buffer; now: Date },
): Promise<DemoApplication> {
  const found = await findDemoApplication(db);
  if (found) return found;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("merchants")
      .values({ email: demoMerchantEmail, password_hash: noPassword, nick_name: demoShopName, created_at: now })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
    const merchant = await trx
      .selectFrom("merchants")
      .select("id")
      .where("email", "=", demoMerchantEmail)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const pkg = await trx
      .selectFrom("packages")
      .select("id")
      .where("code", "=", "enterprise")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("subscriptions")
      .values({ merchant_id: merchant.id, package_id: pkg.id, started_at: now, expires_at: demoPackageUntil })
      .onConflict((oc) => oc.column("merchant_id").doNothing())
      .execute();
    const app = await trx
      .selectFrom("applications")
      .select("id")
      .where("merchant_id", "=", merchant.id)
      .executeTakeFirst();
    if (app) return;
    const appKey = newAppKey();
    await trx
      .insertInto("applications")
      .values({
        merchant_id: merchant.id,
        app_code: await nextDayNumber(trx, "application_code_seq", 8, now),
        name: demoShopName,
        address: nowhere,
        recharge_callback_url: `${nowhere}/callbacks`,
        withdraw_callback_url: `${nowhere}/callbacks`,
        app_key: appKey,
        secret_sealed: sealAppSecret(secret, appKey, newAppSecret()),
        webhook_secret_sealed: sealWebhookSecret(secret, appKey, newWebhookSecret()),
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  const made = await findDemoApplication(db);
  if (!made) throw new Error("the demo merchant's application was not made");
  return made;
}
