import type { FoundTronTransaction } from './createTronRpc.ts';
import { TronDecodeError, decodeTronRawData } from './tronRawData.ts';

/** What a Tron transaction pays: a TRX transfer (`token: null`) or a TRC-20 `transfer`, with `41…` hex addresses. */
export interface TronPayment {
  readonly token: string | null;
  readonly to: string;
  readonly amount: bigint;
}

/**
 * The one payment a found transaction makes, or `null` when it makes none Strait recognises (another
 * call, a TRC-20 `transfer` with call value or extra calldata, raw data that does not decode).
 */
export function tronPaymentOf(found: FoundTronTransaction): TronPayment | null {
  let raw;
  try {
    raw = decodeTronRawData(found.rawDataHex);
  } catch (error) {
    if (error instanceof TronDecodeError) return null;
    throw error;
  }
  const c = raw.contract;
  if (c.type === 'TransferContract') return { token: null, to: c.to, amount: c.amount };
  if (c.callValue !== 0n || c.data.length !== 8 + 128 || !c.data.startsWith('a9059cbb') || !c.data.slice(8, 32).match(/^0+$/)) return null;
  return { token: c.contract, to: `41${c.data.slice(32, 72)}`, amount: BigInt(`0x${c.data.slice(72)}`) };
}
