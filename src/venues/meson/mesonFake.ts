import { readFileSync } from 'node:fs';
import { concat, encodeFunctionData, encodePacked, getAddress, keccak256, parseAbi, recoverMessageAddress, type Address, type Hex } from 'viem';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { onceByKey } from '../fake/onceByKey.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { switchableFake, type SwitchableFake } from '../fake/switchableFake.ts';
import { MESON_CHAINS, MESON_CONTRACT, type MesonChain, type MesonToken } from './mesonChains.ts';
import { decodeMesonSwap, encodeMesonSwap, MESON_SALT_FLAGS } from './mesonEncodedSwap.ts';
import { mesonUnits } from './mesonMapping.ts';

/**
 * A loopback Meson relayer in its real dialect, answering from the recorded answers
 * (fixtures/real) with amounts, addresses, ids and hashes substituted:
 *
 * - `POST /api/v1/price`: the docs' price example (lpFee 0.005, no service fee);
 * - `POST /api/v1/swap`: a real encoded swap for the request (version 1, non-typed, paying the
 *   recipient, that fee, expiring in 90 minutes) in the recorded `insufficient-allowance` envelope an
 *   EOA gets before it approves (or as `result` with `answer: 'result'`), with `dataToSign` the
 *   personal_sign messages of the request and the release;
 * - `POST /api/v1/swap/{encoded}`: checks both signatures recover to `fromAddress` over the request
 *   and the release, and answers the swap id keccak256(encoded ‖ initiator);
 * - `GET /api/v1/swap/{swapId}`: the recorded RELEASED answer (or `status`), 404 for unknown ids.
 *
 * With a `settlement` (the sandbox) the relayer is real: submit posts the swap to the Meson stand-in
 * on the source chain (`postSwap`, which checks the request signature and pulls the amount with
 * `transferFrom`), and the first status poll pays the recipient on the destination chain from the
 * solver; EXECUTED and RELEASED then name those transactions. `tamper` makes the encoded swap lie.
 */
export interface MesonFakeOptions {
  readonly settlement?: FakeSettlement;
  /** How encode answers: the allowance error carrying the swap (default, as recorded) or `result`. */
  readonly answer?: 'allowance-error' | 'result';
  /** Fixture (real/ or synthetic/, e.g. `synthetic/status-posted.json`) status answers without a settlement. */
  readonly status?: string;
  /** Fields of the encoded swap (or the answer) to replace with a lie. */
  readonly tamper?: Partial<{ amount: bigint; outChain: number; outToken: number; inToken: number; lpFee: bigint; expireTs: number; typed: boolean; recipient: Address; swapId: Hex }>;
}

export type MesonFake = SwitchableFake<MesonFakeOptions>;

const fixture = (path: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`./fixtures/${path}`, import.meta.url), 'utf8')) as Record<string, unknown>;
const PRICE = fixture('real/price-docs-example.json') as { result: { serviceFee: string; lpFee: string; totalFee: string } };
const ENCODE_ERROR = fixture('real/encode-insufficient-allowance.json') as { error: { code: number; message: string; data: { allowance: string; swapData: Record<string, unknown> } } };
const RELEASED = fixture('real/status-released.json');
const SUBMITTED = fixture('synthetic/submit-swap.json');
const LP_FEE = mesonUnits(PRICE.result.lpFee)!;

const mesonAbi = parseAbi(['function postSwap(uint256 encodedSwap, bytes32 r, bytes32 yParityAndS, uint200 postingValue)']);
const POOL_INDEX = 1n;

interface Encoded { readonly encoded: Hex; readonly from: MesonChain; readonly to: MesonChain; readonly toToken: MesonToken; readonly fromAddress: Address; readonly recipient: Address }
interface Posted extends Encoded { readonly swapId: Hex; readonly postTx: Hex | null; readonly signatures: readonly Hex[] }

function parseAsset(value: unknown): { chain: MesonChain; token: MesonToken } | null {
  if (typeof value !== 'string') return null;
  const [chainId, tokenId] = value.split(':');
  const chain = MESON_CHAINS.find((c) => c.id === chainId);
  const token = chain?.tokens.find((t) => t.id === tokenId);
  return chain && token ? { chain, token } : null;
}

const error = (status: number, message: string, data?: unknown): FakeReply => ({ status, body: { error: { code: -32602, message, ...(data !== undefined ? { data } : {}) } } });

export async function startMesonFake(initial: MesonFakeOptions = {}): Promise<MesonFake> {
  let options = initial;
  let sequence = 0n;
  const encodedSwaps = new Map<string, Encoded>();
  const posted = new Map<string, Posted>();
  const releases = onceByKey<Hex>();

  function price(request: FakeRequest): FakeReply {
    const body = request.body as { from?: unknown; to?: unknown; amount?: unknown } | undefined;
    const from = parseAsset(body?.from);
    const to = parseAsset(body?.to);
    if (!from || !to) return error(400, 'unsupported-token');
    if (typeof body?.amount !== 'string' || mesonUnits(body.amount) === null) return error(400, 'invalid-amount');
    return { body: PRICE };
  }

  function encode(request: FakeRequest): FakeReply {
    const body = request.body as { from?: unknown; to?: unknown; amount?: unknown; fromAddress?: unknown; recipient?: unknown } | undefined;
    const from = parseAsset(body?.from);
    const to = parseAsset(body?.to);
    const amount = typeof body?.amount === 'string' ? mesonUnits(body.amount) : null;
    if (!from || !to) return error(400, 'unsupported-token');
    if (amount === null || amount <= LP_FEE) return error(400, 'invalid-amount');
    if (typeof body?.fromAddress !== 'string' || typeof body.recipient !== 'string') return error(400, 'invalid-address');
    const t = options.tamper ?? {};
    const fromAddress = getAddress(body.fromAddress);
    const recipient = getAddress(t.recipient ?? body.recipient);
    const salt = (MESON_SALT_FLAGS & ~(t.typed ? 1n << 75n : 0n)) | ++sequence;
    const encoded = encodeMesonSwap({
      version: 1,
      amount: t.amount ?? amount,
      salt,
      lpFee: t.lpFee ?? LP_FEE,
      expireTs: t.expireTs ?? Math.floor(Date.now() / 1000) + 90 * 60,
      outChain: t.outChain ?? to.chain.coinType,
      outToken: t.outToken ?? to.token.index,
      inChain: from.chain.coinType,
      inToken: t.inToken ?? from.token.index,
    });
    encodedSwaps.set(encoded, { encoded, from: from.chain, to: to.chain, toToken: to.token, fromAddress, recipient });
    const request32 = encoded;
    const release = concat([encoded, recipient.toLowerCase() as Hex]);
    const signing = (raw: Hex) => {
      const message = concat([`0x${Buffer.from(`\x19Ethereum Signed Message:\n${(raw.length - 2) / 2}`).toString('hex')}`, raw]);
      return { message, hash: keccak256(message) };
    };
    const swapData = {
      ...ENCODE_ERROR.error.data.swapData,
      encoded,
      fromAddress: fromAddress.toLowerCase(),
      recipient: recipient.toLowerCase(),
      fee: { serviceFee: PRICE.result.serviceFee, lpFee: PRICE.result.lpFee, totalFee: PRICE.result.totalFee },
      signingRequest: signing(release),
      dataToSign: [signing(request32), signing(release)],
    };
    if (options.answer === 'result') return { body: { result: { ...swapData, initiator: fromAddress.toLowerCase() } } };
    return { status: 400, body: { error: { ...ENCODE_ERROR.error, data: { ...ENCODE_ERROR.error.data, swapData } } } };
  }

  async function submit(request: FakeRequest): Promise<FakeReply> {
    const encodedParam = request.path.split('/').at(-1)!.toLowerCase();
    const swap = encodedSwaps.get(encodedParam);
    if (!swap) return error(400, 'swap-not-found');
    const body = request.body as { fromAddress?: unknown; recipient?: unknown; signatures?: unknown } | undefined;
    const signatures = body?.signatures;
    if (!Array.isArray(signatures) || signatures.length !== 2 || !signatures.every((s) => typeof s === 'string' && /^0x[0-9a-fA-F]{130}$/.test(s))) return error(400, 'invalid-signatures');
    if (typeof body?.fromAddress !== 'string' || getAddress(body.fromAddress) !== swap.fromAddress) return error(400, 'invalid-from-address');
    const [requestSig, releaseSig] = signatures as [Hex, Hex];
    const releaseMessage = concat([swap.encoded, swap.recipient.toLowerCase() as Hex]);
    const signers = await Promise.all([recoverMessageAddress({ message: { raw: swap.encoded }, signature: requestSig }), recoverMessageAddress({ message: { raw: releaseMessage }, signature: releaseSig })]).catch(() => [null, null]);
    if (signers[0] !== swap.fromAddress || signers[1] !== swap.fromAddress) return error(400, 'invalid-signature');
    const swapId = keccak256(encodePacked(['bytes32', 'address'], [swap.encoded, swap.fromAddress]));
    let postTx: Hex | null = null;
    if (options.settlement && !posted.has(swapId)) {
      const r = requestSig.slice(0, 66) as Hex;
      const s = BigInt(`0x${requestSig.slice(66, 130)}`);
      const v = Number.parseInt(requestSig.slice(130), 16);
      const yParityAndS = `0x${(s | (BigInt(v - 27) << 255n)).toString(16).padStart(64, '0')}` as Hex;
      const postingValue = (BigInt(swap.fromAddress) << 40n) | POOL_INDEX;
      try {
        postTx = await options.settlement.send(swap.from.chainId, MESON_CONTRACT, encodeFunctionData({ abi: mesonAbi, functionName: 'postSwap', args: [BigInt(swap.encoded), r, yParityAndS, postingValue] }));
      } catch (e) {
        return error(400, `post-swap-failed: ${(e as Error).message.slice(0, 120)}`);
      }
    }
    posted.set(swapId, posted.get(swapId) ?? { ...swap, swapId, postTx, signatures: signatures as Hex[] });
    return { body: { result: { ...(SUBMITTED.result as object), swapId: options.tamper?.swapId ?? swapId } } };
  }

  async function status(request: FakeRequest): Promise<FakeReply> {
    const swapId = request.path.split('/').at(-1)!.toLowerCase();
    const swap = posted.get(swapId);
    if (!swap) return error(404, 'swap-not-found');
    const settlement = options.settlement;
    if (!settlement) return { body: options.status ? fixture(options.status) : RELEASED };
    const payout = await releases.run(swapId, async () => {
      const decoded = decodeMesonSwap(swap.encoded);
      return settlement.pay(swap.to.chainId, swap.toToken.address, swap.recipient, decoded.amount - mesonUnits(PRICE.result.totalFee)!);
    });
    return { body: { result: { ...(RELEASED.result as object), EXECUTED: swap.postTx ?? (RELEASED.result as { EXECUTED: string }).EXECUTED, RELEASED: payout } } };
  }

  const server: FakeServer = await startFakeServer({
    'POST /api/v1/price': price,
    'POST /api/v1/swap': encode,
    'POST /api/v1/swap/:encoded': submit,
    'GET /api/v1/swap/:id': status,
  });
  return switchableFake(server, (next: MesonFakeOptions) => {
    options = { settlement: initial.settlement, ...next };
  });
}

/** The amount the fake relayer quotes for `amount` 6-decimal units (for tests). */
export const mesonFakeOut = (amount: bigint): bigint => amount - mesonUnits(PRICE.result.totalFee)!;
