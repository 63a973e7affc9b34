import type { DirectionRule } from "./import-directions.ts";

/**
 * The files that make a chain's node: `chainNode` and `configuredNode` (server/chain/chain-node.ts) and the clients
 * beneath them (server/chain/deploy.ts). The wiring builds each chain's node (server/wiring/chain-nodes.ts) and hands
 * it to the domain, which names the port's types and never learns where a node is.
 */
export const nodeBuilders: readonly string[] = ["server/chain/chain-node.ts", "server/chain/deploy.ts"];

export const domainChainNodeRules: readonly DirectionRule[] = [
  {
    from: "server/domain",
    forbidsFile: (to) => nodeBuilders.includes(to),
    allowsTypes: true,
    spareTests: true,
    directOnly: true,
    says: "the domain builds no chain node: it takes the types of server/chain/chain-node.ts (ChainNode and its readers) and nothing of server/chain/deploy.ts; the wiring builds each chain's node (server/wiring/chain-nodes.ts) and hands it in, tests aside",
  },
];
