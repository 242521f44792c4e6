import { erc20Abi, getAddress } from 'viem';
import { chainInfo } from '../domain/chains.ts';
import { AppError } from '../domain/errors.ts';
import type { VenueQuoteRequest } from '../venues/Venue.ts';
import type { EngineDeps } from './EngineDeps.ts';

/**
 * Refuses to build a transfer of more than the sender holds, when the source chain has an RPC to ask
 * (EVM: the native balance or the ERC-20 `balanceOf`). Such a build could never settle, and its
 * approval would name an amount, up to 2^256 − 1, that stands as an allowance over funds the user
 * receives later. A chain without an RPC, or a read that fails, is not checked: the approval is still
 * exact, and the chain refuses what the balance cannot pay.
 */
export async function refuseAboveBalance(deps: EngineDeps, request: VenueQuoteRequest): Promise<void> {
  if (chainInfo(request.fromChain).vm !== 'evm') return;
  const rpc = deps.rpc(request.fromChain);
  if (!rpc) return;
  const owner = getAddress(request.sender.toLowerCase());
  let balance: bigint;
  try {
    const token = request.fromToken.address;
    balance = token === null ? await rpc.client.getBalance({ address: owner }) : await rpc.client.readContract({ address: getAddress(token.toLowerCase()), abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  } catch (error) {
    deps.logger.warn({ err: error, chain: request.fromChain }, 'balance read failed; building without the balance check');
    return;
  }
  if (request.amountIn <= balance) return;
  throw new AppError('insufficient_balance', `the sender holds ${balance} of ${request.fromToken.symbol} on ${request.fromChain}, less than the ${request.amountIn} to transfer; nothing was built`, {
    details: { balanceAtomic: balance.toString(), amountAtomic: request.amountIn.toString(), chain: request.fromChain, token: request.fromToken.address ?? 'native' },
  });
}
