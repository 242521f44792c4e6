import { readFileSync } from 'node:fs';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { cbridgeChainById, type CbridgeAsset, type CbridgeChain } from './cbridgeChains.ts';

/**
 * The fake answers from cBridge's real answers (fixtures/real, see SOURCES.json), substituting only
 * amounts, slippages and links: it cannot drift into a shape the real gateway never sent.
 */
function realAnswer(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
}
const ESTIMATE = realAnswer('estimate-amt-usdt-ethereum-bnb.json');
const LATENCY = realAnswer('latency-ethereum-bnb.json');
const STATUS = realAnswer('transfer-status-completed.json');

/** A copy of a real answer with some fields replaced; a field the real answer lacks is a bug of the fake. */
function fromTemplate(template: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  for (const key of Object.keys(values)) if (!(key in template)) throw new Error(`the real cBridge answer has no '${key}'`);
  return { ...structuredClone(template), ...values };
}

/** A refusal as the gateway sends it: HTTP 200, `err` set, every other field at its zero value. */
function refusal(template: Record<string, unknown>, code: number, msg: string): FakeReply {
  const zeroed = Object.fromEntries(Object.entries(template).map(([key, value]) => [key, zeroOf(value)]));
  return { body: { ...zeroed, err: { code, msg } } };
}

function zeroOf(value: unknown): unknown {
  if (typeof value === 'string') return '';
  if (typeof value === 'number') return 0;
  if (Array.isArray(value)) return [];
  return null;
}

/** Base fee of the fake per asset, in the destination token's units of 6 decimals (scaled up for 18). */
const BASE_FEE_6: Readonly<Record<CbridgeAsset, bigint>> = { USDC: 500_000n, USDT: 500_000n, WETH: 1_000n };
/** Percentage fee of the fake: 5 bps. */
const PERC_FEE_BPS = 5n;
/** The Bridge's `minimalMaxSlippage` the fake assumes (0.5 %). */
const MINIMAL_MAX_SLIPPAGE = 5_000n;

export interface CbridgeFakeStatus {
  readonly status: number | string;
  readonly refundReason?: number;
  readonly dstTxHash?: string;
}

export interface CbridgeFake {
  readonly url: string;
  readonly server: FakeServer;
  close(): Promise<void>;
  /** Answers every estimate with this `ErrCode` until cleared (`null`). */
  setEstimateError(error: { code: number; msg: string } | null): void;
  /** Scripts `getTransferStatus` for one transfer id (any case, with or without 0x); `null` forgets it. */
  setStatus(transferId: string, status: CbridgeFakeStatus | null): void;
}

const normalId = (id: string): string => id.replace(/^0x/i, '').toUpperCase();

function scale(amount: bigint, from: number, to: number): bigint {
  if (from === to) return amount;
  return from > to ? amount / 10n ** BigInt(from - to) : amount * 10n ** BigInt(to - from);
}

function decimalsOf(chain: CbridgeChain, asset: CbridgeAsset): number | undefined {
  return chain.tokens[asset]?.decimals;
}

/** A loopback cBridge gateway v2: `estimateAmt`, `getLatest7DayTransferLatencyForQuery`, `getTransferStatus`. */
export async function startCbridgeFake(options: { port?: number } = {}): Promise<CbridgeFake> {
  let estimateError: { code: number; msg: string } | null = null;
  const statuses = new Map<string, CbridgeFakeStatus>();

  function estimate(request: FakeRequest): FakeReply {
    if (estimateError) return refusal(ESTIMATE, estimateError.code, estimateError.msg);
    const q = request.query;
    const srcId = Number(q.get('src_chain_id'));
    const dstId = Number(q.get('dst_chain_id'));
    const symbol = (q.get('token_symbol') ?? '') as CbridgeAsset;
    const amtText = q.get('amt') ?? '';
    const tolerance = BigInt(q.get('slippage_tolerance') ?? '5000');
    if (srcId === dstId) return refusal(ESTIMATE, 500, 'src chain can not be the same with dst chain');
    const src = cbridgeChainById(srcId);
    const dst = cbridgeChainById(dstId);
    const srcDecimals = src && decimalsOf(src, symbol);
    if (srcDecimals === undefined) return refusal(ESTIMATE, 1002, 'token not support on src chain');
    const dstDecimals = dst && decimalsOf(dst, symbol);
    if (dstDecimals === undefined) return refusal(ESTIMATE, 1001, 'token not support on dst chain');
    if (!/^[0-9]+$/.test(amtText)) return refusal(ESTIMATE, 500, 'invalid amt');
    const eqValue = scale(BigInt(amtText), srcDecimals, dstDecimals);
    const baseFee = scale(BASE_FEE_6[symbol], 6, dstDecimals);
    const percFee = (eqValue * PERC_FEE_BPS) / 10_000n;
    const estimated = eqValue - baseFee - percFee;
    // The docs' formula: the floor the receiver is promised, as a slippage from the amount.
    const minDst = (eqValue * (1_000_000n - tolerance)) / 1_000_000n - baseFee - percFee;
    const rate = eqValue > 0n ? 1_000_000n - (minDst * 1_000_000n) / eqValue : 999_999n;
    const maxSlippage = rate > 999_999n ? 999_999n : rate < MINIMAL_MAX_SLIPPAGE ? MINIMAL_MAX_SLIPPAGE : rate;
    return {
      body: fromTemplate(ESTIMATE, {
        eq_value_token_amt: eqValue.toString(),
        bridge_rate: 1,
        perc_fee: percFee.toString(),
        base_fee: baseFee.toString(),
        slippage_tolerance: Number(tolerance),
        max_slippage: Number(maxSlippage),
        estimated_receive_amt: estimated.toString(),
      }),
    };
  }

  function transferStatus(request: FakeRequest): FakeReply {
    const id = (request.body as { transfer_id?: unknown } | undefined)?.transfer_id;
    const scripted = typeof id === 'string' ? statuses.get(normalId(id)) : undefined;
    if (!scripted) return refusal(STATUS, 500, 'transfer not found');
    const link = scripted.dstTxHash ? `https://arbiscan.io/tx/${scripted.dstTxHash}` : '';
    return { body: fromTemplate(STATUS, { status: scripted.status, refund_reason: scripted.refundReason ?? 0, src_block_tx_link: '', dst_block_tx_link: link }) };
  }

  const server = await startFakeServer(
    {
      'GET /v2/estimateAmt': estimate,
      'GET /v2/getLatest7DayTransferLatencyForQuery': () => ({ body: structuredClone(LATENCY) }),
      'POST /v2/getTransferStatus': transferStatus,
    },
    options,
  );
  return {
    url: server.url,
    server,
    close: () => server.close(),
    setEstimateError(error) {
      estimateError = error;
    },
    setStatus(transferId, status) {
      if (status) statuses.set(normalId(transferId), status);
      else statuses.delete(normalId(transferId));
    },
  };
}
