import { concat, numberToHex, type Address, type Hex } from 'viem';
import { overlay, recordedAnswer } from '../fake/recordedAnswers.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { addressToBytes32 } from '../layerzero/oftSend.ts';

/**
 * A loopback LayerZero Scan for the USDT0 adapter's status tests (USDT0 has no API of its own: quotes
 * come from the chain). `GET /messages/tx/:hash` answers from the real in-flight OFT answer
 * (fixtures/real/scan-messages-latest-inflight-oft.json) with the configured transfer put in: the
 * endpoints, the asked hash, an OFT message paying `recipient` `amountSD`, the status, and a
 * destination transaction once delivered. `status: null` answers 404, as Scan does for a hash it has
 * not indexed.
 */
export interface Usdt0ScanOptions {
  readonly srcEid: number;
  readonly dstEid: number;
  readonly recipient: Address;
  readonly amountSD: bigint;
  readonly status: string | null;
}

export interface Usdt0ScanFake {
  readonly url: string;
  readonly server: FakeServer;
  setOptions(options: Usdt0ScanOptions): void;
  close(): Promise<void>;
}

const SCAN = recordedAnswer(new URL('./fixtures/real/scan-messages-latest-inflight-oft.json', import.meta.url)) as { data: Record<string, unknown>[] };
const TEMPLATE = SCAN.data[0]!;

/** The destination transaction every delivered message of the fake names. */
export const DESTINATION_TX: Hex = `0x${'dd'.repeat(32)}`;

export async function startUsdt0ScanFake(initial: Usdt0ScanOptions): Promise<Usdt0ScanFake> {
  let options = initial;

  function messages(request: FakeRequest): FakeReply {
    if (options.status === null) return { status: 404, body: { message: 'Not Found' } };
    const hash = request.path.split('/').at(-1) ?? '';
    const source = TEMPLATE.source as Record<string, unknown>;
    const delivered = options.status === 'DELIVERED';
    const message = overlay(TEMPLATE, {
      pathway: overlay(TEMPLATE.pathway as Record<string, unknown>, { srcEid: options.srcEid, dstEid: options.dstEid }),
      source: overlay(source, { status: delivered ? 'SUCCEEDED' : source.status, tx: overlay(source.tx as Record<string, unknown>, { txHash: hash, payload: concat([addressToBytes32(options.recipient), numberToHex(options.amountSD, { size: 8 })]) }) }),
      destination: delivered ? { status: 'SUCCEEDED', tx: { txHash: DESTINATION_TX, blockNumber: 21500123 } } : TEMPLATE.destination,
      status: { name: options.status, message: delivered ? 'Executor transaction confirmed' : 'Source transaction sent' },
    });
    return { body: { data: [message] } };
  }

  const server = await startFakeServer({ 'GET /messages/tx/:hash': messages });
  return {
    url: server.url,
    server,
    setOptions(next) {
      options = next;
    },
    close: () => server.close(),
  };
}
