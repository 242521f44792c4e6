import type { Static, TSchema } from 'typebox';
import { getAddress, isAddress } from 'viem';
import { tronHexAddress } from '../../chains/tron/tronAddress.ts';
import { TronDecodeError, decodeTronRawData, tronTxId } from '../../chains/tron/tronRawData.ts';
import { VenueRejection, type CallContext, type StepsPlan, type VenueQuoteRequest } from '../Venue.ts';
import { decodeSwapAndBridge, receiveTokenOf, whyNotAllbridgeTronCall } from './allbridgeBridgeCalls.ts';
import type { AllbridgeChain } from './allbridgeChains.ts';
import { AllbridgeRawTronTxSchema, type AllbridgeContext } from './allbridgeSchemas.ts';

export interface TronBuildInput {
  readonly get: <S extends TSchema>(path: string, query: Record<string, string>, schema: S, call: CallContext) => Promise<Static<S>>;
  readonly request: VenueQuoteRequest;
  readonly resolved: { readonly from: AllbridgeChain; readonly to: AllbridgeChain; readonly fromToken: string; readonly toToken: string };
  readonly stored: AllbridgeContext;
  readonly call: CallContext;
}

/**
 * A transfer from Tron: the REST API's `/raw/bridge` answers a Tron transaction its own node built
 * (TronWeb `triggerSmartContract`). Strait trusts none of its JSON: `raw_data_hex` is decoded whole
 * and must be one `swapAndBridge` call from the sender to the pinned Tron bridge, carrying exactly the
 * quoted relayer fee as call value, with the token, amount, recipient, Allbridge destination number and
 * receive token the transfer asked. The engine then builds the exact TRC-20 `approve` of the bridge
 * and gives both steps a fresh reference block and the build's deadline (engine/tronSteps.ts).
 */
export async function buildFromTron({ get, request, resolved, stored, call }: TronBuildInput): Promise<StepsPlan> {
  const sender = tronHexAddress(request.sender);
  if (sender === null) throw new VenueRejection('invalid_input', `Allbridge Core from Tron needs a Tron sender, got '${request.sender}'`, { field: 'sender' });
  if (!isAddress(request.recipient, { strict: false })) throw new VenueRejection('invalid_input', `Allbridge Core needs an EVM recipient, got '${request.recipient}'`, { field: 'recipient' });
  const recipient = getAddress(request.recipient);
  const nativeFee = BigInt(stored.nativeFee);
  const tx = await get(
    '/raw/bridge',
    {
      amount: request.amountIn.toString(),
      sender: request.sender,
      recipient,
      sourceToken: resolved.fromToken,
      destinationToken: resolved.toToken,
      messenger: 'ALLBRIDGE',
      feePaymentMethod: 'WITH_NATIVE_CURRENCY',
      fee: stored.nativeFee,
    },
    AllbridgeRawTronTxSchema,
    call,
  );
  let raw;
  try {
    raw = decodeTronRawData(tx.raw_data_hex);
  } catch (error) {
    if (error instanceof TronDecodeError) throw unsafe(`Allbridge's Tron transaction ${error.message}`);
    throw error;
  }
  if (tronTxId(tx.raw_data_hex.toLowerCase()) !== tx.txID.toLowerCase()) throw unsafe(`Allbridge's Tron transaction names txID ${tx.txID.slice(0, 64)}, not the hash of its raw data`);
  const contract = raw.contract;
  if (contract.type !== 'TriggerSmartContract') throw unsafe("Allbridge's Tron transaction is not a contract call");
  if (contract.contract !== tronHexAddress(resolved.from.bridge)) throw unsafe(`Allbridge's Tron transaction calls ${contract.contract}, not the bridge ${resolved.from.bridge}`);
  if (contract.owner !== sender) throw unsafe(`Allbridge's Tron transaction is from ${contract.owner}, not the sender ${request.sender}`);
  if (contract.callValue !== nativeFee) throw unsafe(`Allbridge's Tron transaction sends ${contract.callValue} sun, not the ${nativeFee} of relayer fee quoted`);
  const why = whyNotAllbridgeTronCall(contract.data, contract.callValue, { sourceChainId: -1, sourceToken: resolved.fromToken, amount: request.amountIn, recipient, destinationChainId: resolved.to.chainId });
  if (why !== null) throw unsafe(`Allbridge's Tron transaction ${why}`);
  const decoded = decodeSwapAndBridge(`0x${contract.data}`);
  const receiveToken = typeof decoded === 'string' ? null : receiveTokenOf(decoded);
  if (receiveToken === null || receiveToken.toLowerCase() !== resolved.toToken.toLowerCase()) throw unsafe(`Allbridge's Tron transaction receives another token than ${resolved.toToken}`);
  return {
    shape: 'steps',
    steps: [{ vm: 'tron', step: 'main', txID: tronTxId(tx.raw_data_hex.toLowerCase()), rawDataHex: tx.raw_data_hex.toLowerCase(), contractAddress: resolved.from.bridge, callValue: contract.callValue }],
    approval: { vm: 'tron', token: resolved.fromToken, spender: resolved.from.bridge, amount: request.amountIn },
    amountOut: BigInt(stored.amountOut),
    minAmountOut: BigInt(stored.minAmountOut),
    context: stored,
    ...(nativeFee > 0n ? { nativeFee } : {}),
  };
}

function unsafe(message: string): VenueRejection {
  return new VenueRejection('venue_bad_response', message, { path: '/raw/bridge' });
}
