import { openServerData } from "./db/data-folder.ts";
import { readStartupSettings, refuseToStart, type StartupSettings } from "./startup-settings.ts";

/**
 * `node server/main.ts`: PORT (8080), HOST (127.0.0.1), DATA_DIR (./data) or DATABASE_URL (+ MIGRATION_DATABASE_URL),
 * SMTP_URL + MAIL_FROM, NODE_ENV, STATIC_DIR (./dist when it exists; "" for the API only), TRUST_PROXY,
 * GOOGLE_CLIENT_ID (or its older name VITE_GOOGLE_CLIENT_ID) + GOOGLE_CLIENT_SECRET, GOOGLE_JWKS_URL, GOOGLE_TOKEN_URL, SERVER_SECRET,
 * CHAINS, WALLET_XPUB, DEVNET, DEVNET_PORT, DEVNET_BLOCK_TIME, DEVNET_CONFIRMATIONS (server/chain/config.ts),
 * ORDER_PAY_SECONDS (a test server's order payment window; DEV_OUTBOX=true only), CALLBACK_RETRY_SCHEDULE (a test
 * server's pauses between callback attempts, comma-separated seconds such as 1,1,2; DEV_OUTBOX=true only),
 * GAS_PAYER_PRIVATE_KEY and COLLECTION_THRESHOLD (collection of deposits: server/domain/collection/),
 * COLLECTION_INTERVAL_SECONDS (a test server's pause between collection runs; DEV_OUTBOX=true only),
 * TREASURY_PRIVATE_KEY, WITHDRAWAL_FEE, WITHDRAWAL_DAILY_LIMIT, WITHDRAWAL_REPLACE_AFTER_SECONDS,
 * WITHDRAWAL_INTERVAL_SECONDS, WITHDRAWAL_ADDRESS_COOLDOWN_SECONDS (withdrawals:
 * server/domain/withdrawals/withdrawal-settings.ts), DRAIN_SECONDS and DRAIN_TIMEOUT_SECONDS (wiring/shutdown.ts),
 * METRICS_HOST and METRICS_PORT (http/metrics-listener.ts), LOG_FORMAT (wiring/terminal-log.ts).
 */
const env = process.env;
// Every setting checked first, with light modules only: a mistake is reported before the server's modules load.
let settings: StartupSettings;
try {
  settings = readStartupSettings(env);
} catch (error) {
  refuseToStart(error);
}
if (settings.weakSecret) process.stderr.write(`Warning (test server only): ${settings.weakSecret}\n`);

// Before anything is written: one server per DATA_DIR (a lock file), 0700/0600, the server secret, then the database.
const data = await openServerData(env).catch(refuseToStart);
const { startServer } = await import("./start-server.ts");
await startServer(env, settings, data);
