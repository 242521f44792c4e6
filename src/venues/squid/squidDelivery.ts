import { decodeEventLog, erc20Abi, isHash, type PublicClient } from 'viem';

/** What reached the recipient in a destination transaction, read from its ERC-20 `Transfer` logs. */
export interface SquidDelivery {
  readonly amount: bigint;
  readonly asset: string;
}

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * Squid's status names no received amount, so it is read from the destination chain when Strait has
 * an RPC there: the ERC-20 `Transfer` logs of the destination transaction paying the recipient, of
 * `token` when given (a success delivers the requested token), else of the first token paid (a partial
 * success delivers the bridged token, which Squid does not name). A native delivery leaves no log and
 * stays unknown (`null`), as does any RPC failure: the status answer stands without it.
 */
export async function readSquidDelivery(client: PublicClient, txHash: string, recipient: string, token: string | null): Promise<SquidDelivery | null> {
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
