import { type ChainNode, configuredNode } from "../chain/chain-node.ts";

/** A chain as the domain's workers take it: its facts, and the node to ask. */
export type WithNode<C> = C & { readonly node: ChainNode };

/**
 * Each chain with its node at its RPC URL, built here and nowhere in the domain: the server's withdrawals and its
 * collection share one node a chain, and `npm run chain -- collect/reconcile` builds its own the same way.
 */
export function withChainNodes<C extends { rpcUrl: string }>(chains: readonly C[]): WithNode<C>[] {
  return chains.map((chain) => ({ ...chain, node: configuredNode(chain.rpcUrl) }));
}
