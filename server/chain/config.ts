import * as z from "zod/mini";
import english from "zod/v4/locales/en.js";

// Here rather than in devnet.ts (which re-exports them): server/main.ts checks these settings before it loads the
// devnet's modules and viem.
export const devnetChainId = 31337;
export const devnetProduct = "Devnet";

/** Confirmations when a chain's entry names none: Ethereum 12, BNB Chain 15, the devnet 2 (quick tests and journeys). */
export const defaultConfirmations: Readonly<Record<number, number>> = { 1: 12, 56: 15, [devnetChainId]: 2 };

// viem's isAddress(a, { strict: false }): 0x and 40 hex digits, any case (no checksum check).
const isAddress = (a: string) => /^0x[0-9a-fA-F]{40}$/.test(a);
const evmAddress = z.string().check(z.refine(isAddress, "not an EVM address (0x and 40 hex digits)"));

const token = z.object({
  symbol: z._default(z.string().check(z.minLength(1), z.maxLength(16)), "USDT"),
  address: evmAddress,
  decimals: z._default(z.int().check(z.minimum(0), z.maximum(36)), 6),
});

const chainEntry = z.strictObject({
  /** The `{product}` of /api/wallet/{product}Client/GetUserWallet: Eth, Bsc, … */
  product: z.string().check(z.regex(/^[A-Z][A-Za-z0-9]{1,31}$/, "a product name such as Eth or Bsc")),
  chainId: z.int().check(z.positive()),
  rpcUrl: z.url({ protocol: /^https?$/ }),
  /** More backends of the same chain (multi-rpc-adapter.ts): the highest head wins, a lagging one is never believed. */
  moreRpcUrls: z._default(z.array(z.url({ protocol: /^https?$/ })).check(z.maxLength(8)), []),
  tokens: z.array(token).check(z.minLength(1)),
  confirmations: z.optional(z.int().check(z.minimum(1), z.maximum(10_000))),
  startBlock: z.optional(z.int().check(z.minimum(0))),
  scanBlocks: z._default(z.int().check(z.minimum(1), z.maximum(100_000)), 500),
  pollMs: z._default(z.int().check(z.minimum(100), z.maximum(600_000)), 2_000),
  /** The newest blocks read one by one, their logs by block hash (watcher-steps.ts scanRange); default in watcher.ts. */
  byHashBlocks: z.optional(z.int().check(z.minimum(1), z.maximum(10_000))),
  /** How long the watcher's lease lasts (watcher.ts): another instance takes over this long after a crash. */
  leaseMs: z._default(z.int().check(z.minimum(1_000), z.maximum(600_000)), 15_000),
  /** The deployed deposit-forwarder factory (chain/deposit-forwarder.sol); without it the chain has no deposit addresses. */
  depositFactory: z.optional(evmAddress),
  /** A block explorer (Etherscan, BscScan, a Blockscout): the console links a transaction to `<explorerUrl>/tx/<hash>`. */
  explorerUrl: z.optional(z.url({ protocol: /^https?$/ })),
});

const chain = z.pipe(
  chainEntry,
  z.transform((c: z.output<typeof chainEntry>, ctx) => {
    const confirmations = c.confirmations ?? defaultConfirmations[c.chainId];
    if (confirmations === undefined) {
      ctx.issues.push({
        code: "custom",
        message: `chain ${c.chainId} has no default confirmations: set "confirmations"`,
        path: ["confirmations"],
        input: c,
      });
      return z.NEVER;
    }
    return { ...c, confirmations, startBlock: c.startBlock === undefined ? undefined : BigInt(c.startBlock) };
  }),
);

export type ChainConfig = z.output<typeof chain>;

const chainList = z.array(chain).check(
  z.superRefine((chains, ctx) => {
    for (const key of ["product", "chainId"] as const) {
      const values = chains.map((c) => String(c[key]).toLowerCase());
      const twice = values.find((v, i) => values.indexOf(v) !== i);
      if (twice) ctx.addIssue({ code: "custom", message: `${key} ${twice} is configured twice` });
    }
  }),
);

export interface DevnetConfig {
  port: number;
  /** Whether DEVNET_PORT was set: then a port in use is an error, not a reason to take another. */
  portFixed: boolean;
  blockTime: number;
  confirmations: number;
}

export interface ChainLayerConfig {
  chains: ChainConfig[];
  devnet: DevnetConfig | null;
  walletXpub: string | undefined;
}

const intSetting = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .check(
      z.int(`${name} must be a whole number`),
      z.minimum(min, `${name} must be at least ${min}`),
      z.maximum(max, `${name} must be at most ${max}`),
    );

/**
 * CHAINS (a JSON array of chains, see docs/chain.md), DEVNET, DEVNET_PORT, DEVNET_BLOCK_TIME, DEVNET_CONFIRMATIONS,
 * WALLET_XPUB. The devnet is on by default when no chain is configured outside production. Throws a readable Error.
 */
export function chainConfigFromEnv(env: NodeJS.ProcessEnv): ChainLayerConfig {
  const production = env.NODE_ENV === "production";
  let chains: ChainConfig[] = [];
  if (env.CHAINS?.trim()) {
    let json: unknown;
    try {
      json = JSON.parse(env.CHAINS);
    } catch (error) {
      throw new Error(`CHAINS is not JSON: ${(error as Error).message}`);
    }
    chains = parse(chainList, json, "CHAINS");
  }
  const devnetSetting = env.DEVNET?.trim().toLowerCase();
  if (devnetSetting && devnetSetting !== "true" && devnetSetting !== "false")
    throw new Error("DEVNET must be true or false");
  const devnetOn = devnetSetting ? devnetSetting === "true" : chains.length === 0 && !production;
  if (devnetOn && production)
    throw new Error("DEVNET=true starts a local test chain; it has no place in production (NODE_ENV=production)");
  if (
    devnetOn &&
    chains.some((c) => c.chainId === devnetChainId || c.product.toLowerCase() === devnetProduct.toLowerCase())
  ) {
    throw new Error(
      `CHAINS names the devnet's product ${devnetProduct} or chain id ${devnetChainId}; set DEVNET=false to use your own`,
    );
  }
  if (production && chains.some((c) => c.chainId === devnetChainId))
    throw new Error(
      `chain id ${devnetChainId} is a local test chain; it has no place in production (NODE_ENV=production)`,
    );
  const walletXpub = env.WALLET_XPUB?.trim() || undefined;
  if (chains.length > 0 && !walletXpub)
    throw new Error(
      "CHAINS needs WALLET_XPUB, the extended public key of m/44'/60'/0' that receiving addresses are derived from",
    );
  const devnet = devnetOn
    ? {
        port: parse(intSetting("DEVNET_PORT", 0, 65535), env.DEVNET_PORT || 8545, "DEVNET_PORT"),
        portFixed: Boolean(env.DEVNET_PORT),
        blockTime: parse(intSetting("DEVNET_BLOCK_TIME", 1, 3600), env.DEVNET_BLOCK_TIME || 1, "DEVNET_BLOCK_TIME"),
        confirmations: parse(
          intSetting("DEVNET_CONFIRMATIONS", 1, 1000),
          env.DEVNET_CONFIRMATIONS || defaultConfirmations[devnetChainId],
          "DEVNET_CONFIRMATIONS",
        ),
      }
    : null;
  return { chains, devnet, walletXpub };
}

// zod's English messages for this parse only: installing them for the process (z.config, or importing the full "zod")
// would also change the console's own wording of a 1001 answer (server/http/validation.ts).
const englishMessages = english().localeError;

function parse<T extends z.ZodMiniType>(schema: T, value: unknown, name: string): z.output<T> {
  const result = z.safeParse(schema, value, { error: englishMessages });
  if (result.success) return result.data;
  const first = result.error.issues[0]!;
  const where =
    first.path.length > 0
      ? `${name}${first.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("")}`
      : name;
  throw new Error(`${where}: ${first.message}`);
}
