import type { FastifyRequest } from 'fastify';
import type { Hex } from 'viem';
import type { SignedTransactionFound } from '../chains/signerOfTransactionHash.ts';
import type { ChainKey } from '../domain/chains.ts';
import type { EngineDeps } from '../engine/EngineDeps.ts';
import { txKeyOf } from '../store/transferRepository.ts';

/** A transaction looked up by the hash a submit names, on the chain of the step it claims. */
export interface SubmittedTransaction {
  readonly chain: ChainKey;
  readonly hash: string;
  readonly found: SignedTransactionFound;
}

/**
 * What the rate limits learnt about a submit's `txHash` before counting it, handed to the route so
 * one submit asks the chain for that transaction once. Only a transaction found is kept: a miss, or a
 * lookup cut short by the limiter's bound, leaves the engine to ask with its own timeout. Built once
 * per app (createHttpApp) and keyed by request, so nothing outlives the request.
 */
export interface SubmittedTransactions {
  keep(request: FastifyRequest, transaction: SubmittedTransaction): void;
  /** `deps` whose RPC for that chain answers the kept transaction for its hash, or `deps` itself when none was kept. */
  depsFor(request: FastifyRequest, deps: EngineDeps): EngineDeps;
}

export function createSubmittedTransactions(): SubmittedTransactions {
  const kept = new WeakMap<FastifyRequest, SubmittedTransaction>();
  return {
    keep: (request, transaction) => void kept.set(request, transaction),
    depsFor(request, deps) {
      const seen = kept.get(request);
      if (!seen) return deps;
      const same = (hash: string) => txKeyOf(hash) === txKeyOf(seen.hash);
      const { evm, svm } = seen.found;
      return {
        ...deps,
        rpc: (chain) => {
          const rpc = deps.rpc(chain);
          return rpc && evm && chain === seen.chain ? { ...rpc, findTransaction: async (hash: Hex) => (same(hash) ? evm : rpc.findTransaction(hash)) } : rpc;
        },
        svmRpc: (chain) => {
          const rpc = deps.svmRpc(chain);
          return rpc && svm && chain === seen.chain ? { ...rpc, findTransaction: async (signature: string) => (same(signature) ? svm : rpc.findTransaction(signature)) } : rpc;
        },
      };
    },
  };
}
