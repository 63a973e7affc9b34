import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { buildServer } from "./app.ts";
import { type ChainLayer, startChainLayer } from "./chain/chain-layer.ts";
import { chainConfigFromEnv } from "./chain/config.ts";
import { openServerData, StartupRefusal } from "./db/data-folder.ts";
import { googleSettingsFromEnv } from "./domain/google-identity.ts";
import { defaultLimits, testServerLimits } from "./domain/limits.ts";
import { createLogMailer, createSmtpMailer } from "./domain/mailer.ts";
import { currentCost } from "./domain/passwords.ts";

/**
 * `node server/main.ts`: PORT (8080), HOST (127.0.0.1), DATA_DIR (./data) or DATABASE_URL,
 * SMTP_URL + MAIL_FROM, NODE_ENV, STATIC_DIR (./dist when it exists; "" for the API only), TRUST_PROXY,
 * GOOGLE_CLIENT_ID (or VITE_GOOGLE_CLIENT_ID) + GOOGLE_CLIENT_SECRET, GOOGLE_JWKS_URL, GOOGLE_TOKEN_URL, SERVER_SECRET,
 * CHAINS, WALLET_XPUB, DEVNET, DEVNET_PORT, DEVNET_BLOCK_TIME, DEVNET_CONFIRMATIONS (server/chain/config.ts).
 */
const env = process.env;
const production = env.NODE_ENV === "production";
// A test server: GET /api/dev/outbox shows the codes mailed to an address, per-address limits ×10. Never in production.
const devOutbox = env.DEV_OUTBOX === "true";
if (devOutbox && production) refuseToStart(new StartupRefusal("DEV_OUTBOX=true is for test servers; unset it with NODE_ENV=production"));
// Without SMTP the codes would only reach the log: a production server must mail them.
try {
  currentCost();
} catch (error) {
  refuseToStart(new StartupRefusal((error as Error).message));
}
if (production && env.PASSWORD_HASH_COST === "test") refuseToStart(new StartupRefusal("PASSWORD_HASH_COST=test is for test suites; unset it with NODE_ENV=production"));
if (production && !env.SMTP_URL) refuseToStart(new StartupRefusal("NODE_ENV=production needs SMTP_URL (and MAIL_FROM) to mail verification codes"));
// The chain settings are checked before the data folder is touched, like every other refusal above.
try {
  chainConfigFromEnv(env);
} catch (error) {
  refuseToStart(new StartupRefusal((error as Error).message));
}
const port = Number(env.PORT ?? 8080);
const host = env.HOST ?? "127.0.0.1";
const staticDir = resolveStaticDir(env.STATIC_DIR);

// Before anything is written: one server per DATA_DIR (a lock file), 0700/0600, the server secret, then the database.
const { db, close, secret } = await openServerData(env).catch(refuseToStart);
const mailer = env.SMTP_URL
  ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM ?? "Merchant Console <no-reply@localhost>")
  : createLogMailer((line) => process.stdout.write(`${line}\n`));
const google = googleSettingsFromEnv(env);
const app = await buildServer({
  db,
  secret,
  google,
  allowGoogleSignIn: google !== null,
  staticDir,
  mailer,
  production,
  devOutbox,
  logger: true,
  limits: devOutbox ? testServerLimits() : defaultLimits,
  trustProxy: env.TRUST_PROXY === "true" ? true : env.TRUST_PROXY || undefined,
});

// The devnet (anvil, the test USDT) and one watcher per chain; the orders domain will pass its listener here.
let chain: ChainLayer;
try {
  chain = await startChainLayer({ db, env, dataDir: env.DATA_DIR || "./data", log: app.log });
} catch (error) {
  await app.close();
  await close();
  refuseToStart(new StartupRefusal(`the chain layer did not start: ${(error as Error).message}`));
}

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: closing`);
  try {
    await app.close();
    await chain.stop();
    await close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, "unclean shutdown");
    process.exit(1);
  }
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

try {
  const address = await app.listen({ port, host });
  const where = env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${resolve(env.DATA_DIR ?? "./data")}`;
  process.stdout.write(`Merchant Console API on ${address} — ${where}; ${staticDir ? `console from ${staticDir}` : "API only (no built console)"}${devOutbox ? "; dev outbox at /api/dev/outbox?to=" : ""}\n`);
  process.stdout.write(describeChains(chain));
} catch (error) {
  app.log.error({ err: error }, "could not listen");
  await chain.stop();
  await close();
  process.exit(1);
}

function refuseToStart(error: unknown): never {
  process.stderr.write(error instanceof StartupRefusal ? `Merchant Console cannot start: ${error.message}\n` : `${(error as Error)?.stack ?? error}\n`);
  process.exit(1);
}

function resolveStaticDir(setting: string | undefined): string | undefined {
  if (setting === "") return undefined;
  const dir = resolve(setting ?? "dist");
  if (existsSync(join(dir, "index.html"))) return dir;
  if (setting) process.stderr.write(`STATIC_DIR ${dir} has no index.html: serving the API only\n`);
  return undefined;
}

function describeChains(layer: ChainLayer): string {
  const lines = layer.chains.map((c) => {
    const tokens = c.tokens.map((t) => `${t.symbol} ${t.address}`).join(", ");
    return c.devnet && layer.devnet
      ? `Devnet (anvil): RPC ${c.rpcUrl}, chain id ${c.chainId}, ${tokens}, dev account ${layer.devnet.devAccount}, ${c.confirmations} confirmations — npm run chain -- status\n`
      : `Watching ${c.product} (chain id ${c.chainId}): ${tokens}, ${c.confirmations} confirmations\n`;
  });
  return lines.join("") || "No chain configured (CHAINS unset, DEVNET=false): no payments are watched\n";
}
