import { isAddress } from "viem";
import * as z from "zod";
import { devnetChainId, devnetProduct } from "./devnet.ts";

/** Confirmations when a chain's entry names none: Ethereum 12, BNB Chain 15, the devnet 2 (quick tests and journeys). */
export const defaultConfirmations: Readonly<Record<number, number>> = { 1: 12, 56: 15, [devnetChainId]: 2 };

const token = z.object({
  symbol: z.string().min(1).max(16).default("USDT"),
  address: z.string().refine((a) => isAddress(a, { strict: false }), "not an EVM address (0x and 40 hex digits)"),
  decimals: z.number().int().min(0).max(36).default(6),
});

const chain = z
  .object({
    /** The `{product}` of /api/wallet/{product}Client/GetUserWallet: Eth, Bsc, … */
    product: z.string().regex(/^[A-Z][A-Za-z0-9]{1,31}$/, "a product name such as Eth or Bsc"),
    chainId: z.number().int().positive(),
    rpcUrl: z.url({ protocol: /^https?$/ }),
    tokens: z.array(token).min(1),
    confirmations: z.number().int().min(1).max(10_000).optional(),
    startBlock: z.number().int().min(0).optional(),
    scanBlocks: z.number().int().min(1).max(100_000).default(500),
    pollMs: z.number().int().min(100).max(600_000).default(2_000),
  })
  .strict()
  .transform((c, ctx) => {
    const confirmations = c.confirmations ?? defaultConfirmations[c.chainId];
    if (confirmations === undefined) {
      ctx.addIssue({ code: "custom", message: `chain ${c.chainId} has no default confirmations: set "confirmations"`, path: ["confirmations"] });
      return z.NEVER;
    }
    return { ...c, confirmations, startBlock: c.startBlock === undefined ? undefined : BigInt(c.startBlock) };
  });

export type ChainConfig = z.output<typeof chain>;

const chainList = z.array(chain).superRefine((chains, ctx) => {
  for (const key of ["product", "chainId"] as const) {
    const values = chains.map((c) => String(c[key]).toLowerCase());
    const twice = values.find((v, i) => values.indexOf(v) !== i);
    if (twice) ctx.addIssue({ code: "custom", message: `${key} ${twice} is configured twice` });
  }
});

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
  z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`);

/**
 * CHAINS (a JSON array of chains, see README "Chain"), DEVNET, DEVNET_PORT, DEVNET_BLOCK_TIME, DEVNET_CONFIRMATIONS,
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
  if (devnetSetting && devnetSetting !== "true" && devnetSetting !== "false") throw new Error("DEVNET must be true or false");
  const devnetOn = devnetSetting ? devnetSetting === "true" : chains.length === 0 && !production;
  if (devnetOn && production) throw new Error("DEVNET=true starts a local test chain; it has no place in production (NODE_ENV=production)");
  if (devnetOn && chains.some((c) => c.chainId === devnetChainId || c.product.toLowerCase() === devnetProduct.toLowerCase())) {
    throw new Error(`CHAINS names the devnet's product ${devnetProduct} or chain id ${devnetChainId}; set DEVNET=false to use your own`);
  }
  if (production && chains.some((c) => c.chainId === devnetChainId)) throw new Error(`chain id ${devnetChainId} is a local test chain; it has no place in production (NODE_ENV=production)`);
  const walletXpub = env.WALLET_XPUB?.trim() || undefined;
  if (chains.length > 0 && !walletXpub) throw new Error("CHAINS needs WALLET_XPUB, the extended public key of m/44'/60'/0' that receiving addresses are derived from");
  const devnet = devnetOn
    ? {
        port: parse(intSetting("DEVNET_PORT", 0, 65535), env.DEVNET_PORT || 8545, "DEVNET_PORT"),
        portFixed: Boolean(env.DEVNET_PORT),
        blockTime: parse(intSetting("DEVNET_BLOCK_TIME", 1, 3600), env.DEVNET_BLOCK_TIME || 1, "DEVNET_BLOCK_TIME"),
        confirmations: parse(intSetting("DEVNET_CONFIRMATIONS", 1, 1000), env.DEVNET_CONFIRMATIONS || defaultConfirmations[devnetChainId], "DEVNET_CONFIRMATIONS"),
      }
    : null;
  return { chains, devnet, walletXpub };
}

function parse<T extends z.ZodType>(schema: T, value: unknown, name: string): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const first = result.error.issues[0]!;
  const where = first.path.length > 0 ? `${name}${first.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("")}` : name;
  throw new Error(`${where}: ${first.message}`);
}
