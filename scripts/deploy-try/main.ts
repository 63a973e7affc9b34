// npm run deploy:try — deploy/compose.yaml brought up on this machine with podman and checked (docs/operating.md, "Deploying it").
// Builds the images (the base from Debian packages), starts PostgreSQL, two server instances and nginx on a private
// network, with a throw-away chain (anvil, chain id 1337) and mail server on the network's gateway; then, through the
// proxy: every instance ready, a sign-up, a package paid on chain, the signed open API, a deposit credited once; then a
// stopped instance's /readyz failing while the proxy keeps answering. Everything it started is removed at the end,
// also on a failure or Ctrl-C. Not part of npm test: it takes minutes and root.
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { randomXpub } from "../../server/chain/hd-wallet.ts";
import { depositCreditedOnce, paidApplication, signUp, until } from "./checks.ts";
import { readCompose, readSettings, runArguments, startOrder } from "./compose-run.ts";
import { startTryChain, tryChainId, tryProduct, type TryChain } from "./devnet.ts";
import { podman, podmanAsync, podmanEnv, podmanTry } from "./podman.ts";
import { type SmtpSink, startSmtpSink } from "./smtp-sink.ts";
import { stoppedInstanceRoutedAround } from "./stop-check.ts";

const repoRoot = resolve(import.meta.dirname, "../..");
const project = "mc-try";
const composeFile = join(repoRoot, "deploy/compose.yaml");
const started = Date.now();
const figures: Record<string, unknown> = {};
const say = (text: string) =>
  process.stdout.write(`deploy:try [${((Date.now() - started) / 1000).toFixed(1)} s] ${text}\n`);
const folder = mkdtempSync(join(tmpdir(), "mc-deploy-try-"));
let chain: TryChain | undefined;
let mail: SmtpSink | undefined;
const containers: string[] = [];
let network = "";
let volumes: string[] = [];

async function cleanUp() {
  for (const name of containers.reverse()) podmanTry("rm", "-f", "-t", "2", name);
  for (const volume of volumes) podmanTry("volume", "rm", "-f", volume);
  if (network) podmanTry("network", "rm", "-f", network);
  await mail?.close();
  await chain?.stop();
  rmSync(folder, { recursive: true, force: true });
}
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));

async function buildImages() {
  // What is committed, not the working tree: others' edits in progress must not end up in the image.
  const context = join(folder, "context");
  mkdirSync(context);
  execFileSync("sh", ["-c", `git -C "${repoRoot}" archive HEAD | tar -x -C "${context}"`]);
  say(
    `building the images from HEAD (${execFileSync("git", ["-C", repoRoot, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim()})`,
  );
  const build = async (tag: string, file: string) => {
    const t0 = Date.now();
    // The host's CA bundle, lent to the npm step only (deploy/Containerfile): a registry behind a TLS-inspecting proxy.
    const ca = process.env.BUILD_CA_BUNDLE ?? "/etc/ssl/certs/ca-certificates.crt";
    const secret = existsSync(ca) ? ["--secret", `id=ca,src=${ca}`] : [];
    // npm's cache of this machine, lent to the build: fewer fetches (npm silently skips an optional one that fails).
    const cache = join(homedir(), ".npm");
    const volume = existsSync(cache) ? ["-v", `${cache}:/root/.npm`] : [];
    await podmanAsync("build", ...secret, ...volume, "-f", join(context, file), "-t", tag, context);
    const size = Number(podman("image", "inspect", "--format", "{{.Size}}", tag));
    say(`built ${tag} in ${((Date.now() - t0) / 1000).toFixed(0)} s, ${(size / 1e6).toFixed(0)} MB`);
    return { seconds: Math.round((Date.now() - t0) / 1000), megabytes: Math.round(size / 1e6) };
  };
  execFileSync("sh", [join(context, "deploy/base-image.sh")], { stdio: "inherit", env: podmanEnv });
  figures.server = await build("localhost/merchant-console", "deploy/Containerfile");
  figures.postgres = await build("localhost/mc-postgres", "deploy/postgres/Containerfile");
  figures.proxy = await build("localhost/mc-proxy", "deploy/proxy/Containerfile");
}

/** The Node that `npm ci` pins (the lock file's `node` package): the one the image must run. */
function pinnedNode(): string {
  const lock = JSON.parse(readFileSync(join(repoRoot, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string }>;
  };
  return `v${lock.packages["node_modules/node"]?.version}`;
}

/**
 * The server image runs the pinned Node, as a user that is not root, with NODE_ENV=production, and holds no dev
 * tools.
 */
function checkServerImage() {
  // The first line is the Node the image's CMD runs; the rest is what the production image must not hold.
  const inImage = podman(
    ...["run", "--rm", "--entrypoint", "sh", "localhost/merchant-console", "-c"],
    "node --version; id -u; echo $NODE_ENV; command -v npm anvil chromium || true; ls /app/node_modules | grep -E '^(vite|vitest|playwright-core|@foundry-rs|node)$' || true",
  );
  say(`inside the server image: ${inImage.replace(/\n/g, " | ")}`);
  const [nodeVersion, uid, nodeEnv, ...rest] = inImage.split("\n");
  figures.node = nodeVersion;
  if (nodeVersion !== pinnedNode())
    throw new Error(`the server image runs Node ${nodeVersion}, not the pinned ${pinnedNode()}`);
  if (
    uid === "0" ||
    nodeEnv !== "production" ||
    /anvil|chromium|vite|playwright|foundry|\/npm|^node$/m.test(rest.join("\n"))
  )
    throw new Error("the server image runs as root, without NODE_ENV=production, or holds dev tools");
}

function settingsFile(): string {
  const settings = {
    SERVER_SECRET: randomBytes(32).toString("hex"),
    SMTP_URL: mail!.url,
    MAIL_FROM: "Merchant Console <no-reply@deploy-try.example>",
    CHAINS: JSON.stringify([
      {
        product: tryProduct,
        chainId: tryChainId,
        rpcUrl: chain!.rpcUrl,
        confirmations: 2,
        tokens: [{ symbol: "USDT", address: chain!.token, decimals: 6 }],
        depositFactory: chain!.factory,
      },
    ]),
    WALLET_XPUB: randomXpub(),
    GAS_PAYER_PRIVATE_KEY: chain!.gasPayerKey,
    MC_OWNER_PASSWORD: randomBytes(16).toString("hex"),
    MC_APP_PASSWORD: randomBytes(16).toString("hex"),
  };
  const file = join(folder, "settings.env");
  writeFileSync(
    file,
    `${Object.entries(settings)
      .map(([k, v]) => `${k}=${v}`)
      .join("\n")}\n`,
    { mode: 0o600 },
  );
  return file;
}

async function main() {
  if (process.getuid?.() !== 0) throw new Error("run it as root: rootful podman and debootstrap");
  // DEPLOY_TRY_BUILD=0 runs the images built before (a second try after a change to the checks only).
  if (process.env.DEPLOY_TRY_BUILD === "0") say("images: the ones built before (DEPLOY_TRY_BUILD=0)");
  else await buildImages();
  checkServerImage();
  const compose = readCompose(composeFile, {}, true);
  network = `${project}_${compose.network.key}`;
  podmanTry("network", "rm", "-f", network);
  const { subnet, ipRange, gateway } = compose.network;
  podman(
    "network",
    "create",
    "--subnet",
    subnet,
    ...(ipRange ? ["--ip-range", ipRange] : []),
    "--gateway",
    gateway,
    network,
  );
  volumes = compose.volumes.map((v) => `${project}_${v}`);
  for (const volume of volumes) podmanTry("volume", "rm", "-f", volume);
  const order = startOrder(compose.services);
  // PostgreSQL first: its start brings the network's bridge up, where the chain and the mail server then listen.
  const first = order[0]!;
  const run = (settings: string, service = first) => {
    const full = readCompose(composeFile, readSettings(settings)).services.find((s) => s.name === service.name)!;
    podmanTry("rm", "-f", `${project}-${service.name}`);
    containers.push(`${project}-${service.name}`);
    podman(...runArguments(full, compose, { project, envFile: settings, publish: false }));
  };
  // The gateway exists once a container is on the network: a placeholder holds it while the chain starts.
  containers.push(`${project}-bridge`);
  podman(
    "run",
    "-d",
    "--name",
    `${project}-bridge`,
    "--network",
    network,
    "localhost/mc-debian:bookworm",
    "sleep",
    "600",
  );
  chain = await startTryChain(compose.network.gateway);
  mail = await startSmtpSink(compose.network.gateway);
  say(`chain ${chain.rpcUrl} (id ${tryChainId}, USDT ${chain.token}, factory ${chain.factory}), mail ${mail.url}`);
  const settings = settingsFile();
  const t0 = Date.now();
  for (const service of order) {
    run(settings, service);
    const check = service.healthcheck;
    if (check)
      await until(
        `${service.name} healthy`,
        async () => podmanTry("exec", `${project}-${service.name}`, ...check).ok,
        60_000,
      );
  }
  const servers = order.filter((s) => s.image === "localhost/merchant-console");
  const address = (name: string) =>
    podman("inspect", "--format", `{{(index .NetworkSettings.Networks "${network}").IPAddress}}`, `${project}-${name}`);
  // Each instance's /readyz until 200, its answers (when they change) kept for the report.
  const readyAfter: Record<string, number> = {};
  let stopped = "";
  await Promise.all(
    servers.map(async ({ name }) => {
      let last = "";
      await until(
        `${name} ready`,
        async () => {
          if (podman("inspect", "--format", "{{.State.Running}}", `${project}-${name}`) !== "true") {
            stopped = `${name} stopped before it was ready`;
            return true;
          }
          const answer = await fetch(`http://${address(name)}:8080/readyz`, { signal: AbortSignal.timeout(3_000) });
          const text = `${answer.status} ${await answer.text()}`;
          if (text !== last) say(`${name} /readyz: ${text}`);
          last = text;
          return answer.status === 200;
        },
        240_000,
      );
      readyAfter[name] = Math.round((Date.now() - t0) / 1000);
    }),
  );
  if (stopped) throw new Error(stopped);
  figures.secondsUntilReady = readyAfter;
  say(`ready, seconds after the containers were started: ${JSON.stringify(readyAfter)}`);
  const proxy = compose.services.find((s) => s.ipv4Address)!;
  const base = `http://${proxy.ipv4Address}:8080`;
  const merchant = await signUp(base, mail);
  say(`signed up ${merchant.email} through the proxy (code from the mail)`);
  const credentials = await paidApplication(base, mail, chain, merchant);
  say(`Basic package paid on chain; application credentials issued`);
  figures.deposit = await depositCreditedOnce(base, chain, credentials);
  say(`deposit credited once through the signed open API: ${JSON.stringify(figures.deposit)}`);
  figures.stop = await stoppedInstanceRoutedAround(`${project}-${servers[0]!.name}`, address(servers[0]!.name), base);
  say(`stopped ${servers[0]!.name}: ${JSON.stringify(figures.stop)}`);
  say(`passed: ${JSON.stringify(figures)}`);
}

try {
  await main();
} catch (error) {
  process.stderr.write(`deploy:try failed: ${(error as Error).stack ?? error}\n`);
  for (const name of containers) {
    const logs = spawnSync("podman", ["logs", "--tail", "40", name], { encoding: "utf8", env: podmanEnv });
    const lines = `${logs.stdout ?? ""}${logs.stderr ?? ""}`;
    process.stderr.write(`── ${name}, last lines ──\n${lines}\n`);
  }
  process.exitCode = 1;
} finally {
  await cleanUp();
}
