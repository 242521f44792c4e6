import { concat, encodeAbiParameters, numberToHex, pad, parseAbiParameters, type Address, type Hex } from 'viem';
import { cctpChain } from '../cctp/cctpChains.ts';
import { overlay, recordedAnswer } from '../fake/recordedAnswers.ts';
import { startFakeServer, type FakeReply, type FakeRequest } from '../fake/startFakeServer.ts';
import { switchableFake, type SwitchableFake } from '../fake/switchableFake.ts';
import { BUNGEE_NATIVE, bungeeChainById } from './bungeeChains.ts';

/**
 * A loopback Bungee for tests, in its dialect: `/api/v1/bungee/quote` answers in the envelope of a
 * recorded answer (fixtures/real/quote-auto-only-polygon-usdt0-usdc.json) with one Manual route in
 * the layout of fixtures/synthetic/quote-manual-cctpv2-base-ethereum.json, the request's chains,
 * tokens, amounts and addresses substituted; `/build-tx` answers a SocketGateway call encoded with
 * the route implementations' ABIs (CCTP v2 for USDC between CCTP chains, Across V3 otherwise), in the
 * layout of the build-tx fixture; `/status` answers the recorded status answer with the configured
 * `bungeeStatusCode`. `tamper` makes the calldata lie so tests can prove the adapter refuses it.
 * Errors use Bungee's envelope `{ success: false, statusCode, message }`.
 *
 * No sandbox fake: the sandbox chains have no SocketGateway, so a built call would move nothing and
 * the fake could not settle for real.
 */

export interface BungeeFakeOptions {
  /** Output as a share of the input, in basis points (default 9 980). */
  readonly outBps?: bigint;
  /** Fields of the built call to replace with a lie. */
  readonly tamper?: Partial<{ receiver: Address; toChainId: bigint; token: Address; amount: bigint; outputToken: Address; delivers: bigint }>;
  /** Answer the quote with Bungee Auto only (no Manual route). */
  readonly autoOnly?: boolean;
  /** The `bungeeStatusCode` `/status` answers (default 3, FULFILLED). */
  readonly statusCode?: number;
  /** The destination token `/status` reports (default: the one quoted). */
  readonly deliveredToken?: Address;
}

export type BungeeFake = SwitchableFake<BungeeFakeOptions>;

const QUOTE = recordedAnswer(new URL('./fixtures/real/quote-auto-only-polygon-usdt0-usdc.json', import.meta.url));
const MANUAL = recordedAnswer(new URL('./fixtures/synthetic/quote-manual-cctpv2-base-ethereum.json', import.meta.url));
const BUILD = recordedAnswer(new URL('./fixtures/synthetic/build-tx-cctpv2-base-ethereum.json', import.meta.url));
const STATUS = recordedAnswer(new URL('./fixtures/real/status-3-fulfilled-polygon.json', import.meta.url));

const ACROSS = '(address[], address[], uint256, uint32[], uint256, uint8, uint8, bytes32, bytes)';
const ACROSS_NATIVE = '(address[], address, uint256, uint32[], uint256, uint8, uint8, bytes32, bytes)';
const CCTP_V2 = 'uint256, bytes32, address, address, uint256, uint32, uint256, uint256, uint32';
/** Route ids: CCTP v2's is the recorded one (0x1a6); Across V3's is made up. */
const CCTP_ROUTE = 0x1a6;
const ACROSS_ROUTE = 0x1b4;

interface Quoted {
  readonly fromChain: number;
  readonly toChain: number;
  readonly fromToken: Address;
  readonly toToken: Address;
  readonly amount: bigint;
  readonly out: bigint;
  readonly sender: Address;
  readonly receiver: Address;
}

function failure(statusCode: number, message: string): FakeReply {
  return { status: statusCode, body: { success: false, statusCode, message } };
}

function route(id: number, selector: Hex, encoded: Hex): Hex {
  return concat([numberToHex(id, { size: 4 }), selector, encoded]);
}

/** The SocketGateway calldata a Manual route of this transfer carries. */
function calldataOf(q: Quoted, tamper: BungeeFakeOptions['tamper'] = {}): Hex {
  const receiver = tamper.receiver ?? q.receiver;
  const toChainId = tamper.toChainId ?? BigInt(q.toChain);
  const token = tamper.token ?? q.fromToken;
  const amount = tamper.amount ?? q.amount;
  const outputToken = tamper.outputToken ?? q.toToken;
  const delivers = tamper.delivers ?? q.out;
  // The route's fee is what the amount sent loses on the way (never negative, whatever the lie).
  const fee = amount > delivers ? amount - delivers : 0n;
  const from = bungeeChainById(q.fromChain);
  const to = bungeeChainById(q.toChain);
  const source = from ? cctpChain(from.key) : undefined;
  const destination = to ? cctpChain(to.key) : undefined;
  if (source && destination && q.fromToken.toLowerCase() === source.usdc.toLowerCase()) {
    const args = [amount, pad('0x2713'), receiver, token, toChainId, destination.domain, fee, 0n, 1000] as const;
    return route(CCTP_ROUTE, '0x3ca7f5bc', encodeAbiParameters(parseAbiParameters(CCTP_V2), args));
  }
  const now = Math.floor(Date.now() / 1000);
  const common = [toChainId, [now, now + 3600], fee, q.fromToken.toLowerCase() === BUNGEE_NATIVE ? 18 : 6, q.fromToken.toLowerCase() === BUNGEE_NATIVE ? 18 : 6, pad('0x2713'), '0x'] as const;
  if (q.fromToken.toLowerCase() === BUNGEE_NATIVE) {
    const data = [[q.sender, receiver], outputToken, ...common] as const;
    return route(ACROSS_ROUTE, '0xa3b8bfba', encodeAbiParameters(parseAbiParameters(`uint256, ${ACROSS_NATIVE}`), [amount, data]));
  }
  const data = [[q.sender, receiver], [token, outputToken], ...common] as const;
  return route(ACROSS_ROUTE, '0xcc54d224', encodeAbiParameters(parseAbiParameters(`uint256, ${ACROSS}`), [amount, data]));
}

export async function startBungeeFake(initial: BungeeFakeOptions = {}): Promise<BungeeFake> {
  let options = initial;
  let sequence = 0;
  const quotes = new Map<string, Quoted>();
  const template = QUOTE as { result: Record<string, unknown> };
  const manualTemplate = ((MANUAL as { result: { manualRoutes: Record<string, unknown>[] } }).result.manualRoutes[0] ?? {}) as Record<string, unknown> & { output: Record<string, unknown>; approvalData: Record<string, unknown> };

  function quote(request: FakeRequest): FakeReply {
    const q = request.query;
    const fromChain = Number(q.get('originChainId'));
    const toChain = Number(q.get('destinationChainId'));
    const amountText = q.get('inputAmount') ?? '';
    const sender = q.get('userAddress');
    const receiver = q.get('receiverAddress');
    if (!bungeeChainById(fromChain) || !bungeeChainById(toChain) || !/^[0-9]+$/.test(amountText) || !sender || !receiver) return failure(400, 'Invalid quote request');
    const amount = BigInt(amountText);
    const fromToken = (q.get('inputToken') ?? BUNGEE_NATIVE).toLowerCase() as Address;
    const toToken = (q.get('outputToken') ?? BUNGEE_NATIVE).toLowerCase() as Address;
    const out = (amount * (options.outBps ?? 9_980n)) / 10_000n;
    const quoteId = `fake${(++sequence).toString(16).padStart(12, '0')}`;
    const quoted: Quoted = { fromChain, toChain, fromToken, toToken, amount, out, sender: sender as Address, receiver: receiver as Address };
    quotes.set(quoteId, quoted);
    const input = template.result.input as { token: Record<string, unknown> };
    const manual = overlay(manualTemplate, {
      quoteId,
      quoteExpiry: Math.floor(Date.now() / 1000) + 60,
      output: overlay(manualTemplate.output, { token: { ...input.token, chainId: toChain, address: toToken }, amount: out.toString(), minAmountOut: out.toString() }),
      approvalData: overlay(manualTemplate.approvalData, { spenderAddress: bungeeChainById(fromChain)?.gateway, amount: amount.toString(), tokenAddress: fromToken, userAddress: sender }),
    });
    const result = overlay(template.result, {
      originChainId: fromChain,
      destinationChainId: toChain,
      userAddress: sender,
      receiverAddress: receiver,
      input: { ...input, token: { ...input.token, chainId: fromChain, address: fromToken }, amount: amount.toString() },
      autoRoute: options.autoOnly ? template.result.autoRoute : null,
      manualRoutes: options.autoOnly ? [] : [manual],
    });
    return { body: overlay(QUOTE, { result }) };
  }

  function buildTx(request: FakeRequest): FakeReply {
    const quoteId = request.query.get('quoteId') ?? '';
    const quoted = quotes.get(quoteId);
    if (!quoted) return failure(400, `Quote ${quoteId} not found or expired`);
    const gateway = bungeeChainById(quoted.fromChain)?.gateway;
    const result = (BUILD as { result: Record<string, unknown> & { approvalData: Record<string, unknown>; txData: Record<string, unknown> } }).result;
    const native = quoted.fromToken === BUNGEE_NATIVE;
    return {
      body: overlay(BUILD, {
        result: overlay(result, {
          approvalData: native ? null : overlay(result.approvalData, { spenderAddress: gateway, amount: quoted.amount.toString(), tokenAddress: quoted.fromToken, userAddress: quoted.sender }),
          txData: overlay(result.txData, { data: calldataOf(quoted, options.tamper), to: gateway, chainId: quoted.fromChain, value: native ? numberToHex(quoted.amount) : '0x00' }),
        }),
      }),
    };
  }

  function status(request: FakeRequest): FakeReply {
    const hash = request.query.get('requestHash');
    if (!hash) return failure(400, 'requestHash is required');
    const [entry] = (STATUS as { result: Record<string, unknown>[] }).result;
    const code = options.statusCode ?? 3;
    const delivered = code === 3 || code === 4;
    const destination = (entry?.destinationData ?? {}) as Record<string, unknown> & { output: Record<string, unknown>[] };
    const output = destination.output[0] ?? {};
    const last = [...quotes.values()].at(-1);
    return {
      body: overlay(STATUS, {
        result: [
          overlay(entry ?? {}, {
            hash,
            originData: overlay((entry?.originData ?? {}) as Record<string, unknown>, { txHash: hash, status: 'COMPLETED' }),
            destinationData: overlay(destination, {
              output: [overlay(output, { token: { ...(output.token as object), address: options.deliveredToken ?? last?.toToken ?? (output.token as { address: string }).address }, amount: (last?.out ?? 0n).toString() })],
              txHash: delivered ? pad('0xd1', { size: 32 }) : null,
              status: delivered ? 'COMPLETED' : 'PENDING',
            }),
            bungeeStatusCode: code,
            refund: code === 8 ? { chainId: last?.fromChain ?? 1, txHash: pad('0xbe', { size: 32 }) } : null,
          }),
        ],
      }),
    };
  }

  const server = await startFakeServer({ 'GET /api/v1/bungee/quote': quote, 'GET /api/v1/bungee/build-tx': buildTx, 'GET /api/v1/bungee/status': status });
  return switchableFake<BungeeFakeOptions>(server, (next) => {
    options = next;
  });
}
