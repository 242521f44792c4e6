import { decodeEventLog, erc20Abi, isHash, type PublicClient } from 'viem';
import type { VenueStatus } from '../Venue.ts';

/** What reached the recipient in a destination transaction, read from its ERC-20 `Transfer` logs. */
export interface DestinationDelivery {
  readonly amount: bigint;
  readonly asset: string;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * The ERC-20 `Transfer` logs of the destination transaction paying the recipient: of `token` when
 * given, else of the first token paid (a partial delivery of a bridged token a venue may not name).
 * A native delivery leaves no log and stays unknown (`null`), as does any RPC failure.
 */
export async function readDestinationDelivery(client: PublicClient, txHash: string, recipient: string, token: string | null): Promise<DestinationDelivery | null> {
  if (!isHash(txHash)) return null;
  let logs;
  try {
    ({ logs } = await client.getTransactionReceipt({ hash: txHash }));
  } catch {
    return null;
  }
  let asset: string | null = token;
  let amount = 0n;
  for (const log of logs) {
    let event;
    try {
      event = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics });
    } catch {
      continue;
    }
    if (event.eventName !== 'Transfer' || !same(event.args.to, recipient)) continue;
    asset ??= log.address;
    if (same(log.address, asset)) amount += event.args.value;
  }
  return asset !== null && amount > 0n ? { amount, asset } : null;
}

/**
 * For venues whose status names no received amount (Squid, Rubic, XY Finance): a delivered status
 * (completed or partial) with a destination hash gets its amount, and on a partial its asset, from the
 * destination chain when Strait has an RPC there. A completion is counted in the requested token (a
 * native one leaves no log: left as answered); a partial in the asset the venue named, else the first
 * token the recipient was paid. Without an RPC, or when the logs show nothing, the status stands.
 */
export async function withDestinationDelivery(status: VenueStatus, client: PublicClient | null, recipient: string, requestedToken: string | null): Promise<VenueStatus> {
  if (client === null || status.destinationTxHash === null || status.receivedAmount !== null) return status;
  if (status.state !== 'completed' && status.state !== 'partial') return status;
  const wanted = status.state === 'completed' ? requestedToken : status.receivedAsset;
  if (status.state === 'completed' && wanted === null) return status;
  const delivered = await readDestinationDelivery(client, status.destinationTxHash, recipient, wanted);
  return delivered ? { ...status, receivedAmount: delivered.amount, receivedAsset: delivered.asset } : status;
}
