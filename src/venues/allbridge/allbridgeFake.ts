import { readFileSync } from 'node:fs';
import { encodeFunctionData, getAddress, type Address, type Hex } from 'viem';
import { tokensOn } from '../../domain/tokens.ts';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { startFakeServer, type FakeReply, type FakeRequest } from '../fake/startFakeServer.ts';
import { switchableFake, type SwitchableFake } from '../fake/switchableFake.ts';
import { ALLBRIDGE_BRIDGE_ABI, ALLBRIDGE_MESSENGER, decodeSwapAndBridge, receiveTokenOf, word32 } from './allbridgeBridgeCalls.ts';
import { ALLBRIDGE_CHAINS, type AllbridgeChain } from './allbridgeChains.ts';
import type { TronRpc } from '../../chains/tron/createTronRpc.ts';
import { tronHexAddress } from '../../chains/tron/tronAddress.ts';
import { decodeTronRawData, encodeTronRawData, tronRawDataJson, tronTxId } from '../../chains/tron/tronRawData.ts';

/**
 * A loopback Allbridge Core REST API for tests, answering in the layout of the REST API's own swagger
 * examples (fixtures/real/quote-docs-example.json, status-docs-example.json) with the request's
 * tokens, amounts and hashes substituted: `/bridge/quote` prices every option of the example at
 * `outBps` of the amount, `/raw/bridge` answers a real `swapAndBridge` call to the source chain's
 * pinned bridge, `/transfer/status` a completed transfer. Errors are the REST API's 400 bodies.
 * `tamper` makes the call lie (recipient, chain number, amount, token, messenger, target) so tests can
 * prove the adapter and the engine refuse it. With a `settlement` (the sandbox) it settles for real:
 * the status reads the mined source transaction, decodes it and pays the recipient once.
 */
export interface AllbridgeFakeOptions {
  /** Output as a share of the amount, in basis points (default 9 985). */
  readonly outBps?: bigint;
  /** The relayer fee in native units (default the swagger example's 5 000 wei). */
  readonly nativeFee?: bigint;
  /** Below this amount: AmountNotEnoughError (default 1 000 000). */
  readonly minAmount?: bigint;
  /** Above this amount: InsufficientPoolLiquidityError (default 10^13). */
  readonly maxAmount?: bigint;
  /** Answer 429 to every call. */
  readonly rateLimited?: boolean;
  /** Call fields to replace with a lie. */
  readonly tamper?: Partial<{ recipient: Hex; destinationChainId: bigint; amount: bigint; token: Hex; receiveToken: Hex; messenger: number; feeTokenAmount: bigint; to: Address; value: bigint }>;
  /** Status without a settlement: `received` (default), `signing` (2 of 4 signatures) or `unindexed` (the generic 400). */
  readonly status?: 'received' | 'signing' | 'unindexed';
  readonly settlement?: FakeSettlement;
  /**
   * The Tron node the REST server would build on (its TRX_NODE_URL): `/raw/bridge` from Tron takes its
   * newest block as reference, and with a `settlement` the status reads the source transaction there.
   */
  readonly tronNode?: TronRpc;
}

export type AllbridgeFake = SwitchableFake<AllbridgeFakeOptions>;

function realAnswer(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
}
const QUOTE = realAnswer('quote-docs-example.json') as { options: { paymentMethods: Record<string, unknown>[] }[] };
const STATUS = realAnswer('status-docs-example.json') as Record<string, unknown> & { send: Record<string, unknown>; receive: Record<string, unknown> };
/** The SDK's recorded node answer for a Tron `swapAndBridge`: the template of every Tron answer. */
const TRON_SEND = (realAnswer('tron-trigger-smart-contract-send.json') as { transaction: { raw_data_hex: string } }).transaction;

interface PoolToken {
  readonly chain: AllbridgeChain;
  /** Checksummed on EVM, base58 on Tron. */
  readonly address: string;
}

/** Every token with a pool on a chain of the table, by lower-case address (the REST API resolves the chain from it). */
const POOL_TOKENS = new Map<string, PoolToken>(
  ALLBRIDGE_CHAINS.flatMap((chain) => tokensOn(chain.key).flatMap((token) => (token.address !== null && chain.symbols.includes(token.symbol) ? [[token.address.toLowerCase(), { chain, address: chain.chainId === null ? token.address : getAddress(token.address) }] as const] : []))),
);

export async function startAllbridgeFake(initial: AllbridgeFakeOptions = {}): Promise<AllbridgeFake> {
  let options = initial;
  /** One payout per source transaction, whatever the number of polls. */
  const payouts = new Map<string, Promise<{ hash: Hex; amount: bigint; token: Address }>>();

  const badRequest = (errorCode: string): FakeReply => ({ status: 400, body: { statusCode: 400, errorCode, message: 'Bad request' } });
  const nestBadRequest = (message: string): FakeReply => ({ status: 400, body: { statusCode: 400, message } });
  const outOf = (amount: bigint): bigint => (amount * (options.outBps ?? 9_985n)) / 10_000n;

  function pair(request: FakeRequest): { source: PoolToken; destination: PoolToken; amount: bigint } | FakeReply {
    const source = POOL_TOKENS.get((request.query.get('sourceToken') ?? '').toLowerCase());
    if (!source) return nestBadRequest('Source token not found');
    const destination = POOL_TOKENS.get((request.query.get('destinationToken') ?? '').toLowerCase());
    if (!destination) return nestBadRequest('Destination token not found');
    const text = request.query.get('amount') ?? '';
    if (!/^[0-9]+$/.test(text) || BigInt(text) === 0n) return badRequest('InvalidAmountError');
    const amount = BigInt(text);
    if (amount < (options.minAmount ?? 1_000_000n)) return badRequest('AmountNotEnoughError');
    if (amount > (options.maxAmount ?? 10n ** 13n)) return badRequest('InsufficientPoolLiquidityError');
    return { source, destination, amount };
  }

  function quote(request: FakeRequest): FakeReply {
    if (options.rateLimited) return { status: 429, body: { statusCode: 429, message: 'ThrottlerException: Too Many Requests' } };
    const found = pair(request);
    if ('body' in found) return found;
    const out = outOf(found.amount).toString();
    const fee = (options.nativeFee ?? 5_000n).toString();
    return {
      body: {
        ...QUOTE,
        amountInt: found.amount.toString(),
        amountFloat: String(Number(found.amount) / 1e6),
        sourceTokenAddress: found.source.address,
        destinationTokenAddress: found.destination.address,
        options: QUOTE.options.map((option) => ({
          ...option,
          paymentMethods: option.paymentMethods.map((method) => ({ ...method, ...(method.feePaymentMethod === 'WITH_NATIVE_CURRENCY' ? { fee, relayerFeeInNative: fee } : {}), estimatedAmount: { min: out, max: out } })),
        })),
      },
    };
  }

  async function rawBridge(request: FakeRequest): Promise<FakeReply> {
    const found = pair(request);
    if ('body' in found) return found;
    const q = request.query;
    if (q.get('messenger') !== 'ALLBRIDGE' || q.get('feePaymentMethod') !== 'WITH_NATIVE_CURRENCY') return badRequest('InvalidMessengerOptionError');
    const sender = q.get('sender') ?? '';
    const recipient = q.get('recipient') ?? '';
    const tamper = options.tamper ?? {};
    const tronSource = found.source.chain.chainId === null;
    // The bridge takes a Tron token as the 20 bytes of its address in a word (the SDK's formatAddress).
    const tokenWord = tronSource ? word32(`0x${(tronHexAddress(found.source.address) ?? '41').slice(2)}`) : word32(found.source.address);
    const data = encodeFunctionData({
      abi: ALLBRIDGE_BRIDGE_ABI,
      functionName: 'swapAndBridge',
      args: [
        tamper.token ?? tokenWord,
        tamper.amount ?? found.amount,
        tamper.recipient ?? word32(recipient),
        tamper.destinationChainId ?? BigInt(found.destination.chain.allbridgeChainId),
        tamper.receiveToken ?? word32(found.destination.address as Address),
        BigInt(`0x${'ab'.repeat(32)}`),
        tamper.messenger ?? ALLBRIDGE_MESSENGER,
        tamper.feeTokenAmount ?? 0n,
      ],
    });
    const fee = BigInt(q.get('fee') ?? (options.nativeFee ?? 5_000n).toString());
    if (tronSource) return { body: await tronTransaction(sender, tamper.to ?? found.source.chain.bridge, tamper.value ?? fee, data.slice(2)) };
    return { body: { from: sender, to: tamper.to ?? found.source.chain.bridge, value: (tamper.value ?? fee).toString(), data } };
  }

  /** What TronWeb's triggerSmartContract answers on the REST server: the recorded template with this call, a fresh block and a 60 s expiration. */
  async function tronTransaction(sender: string, bridge: string, callValue: bigint, data: string) {
    const template = decodeTronRawData(TRON_SEND.raw_data_hex);
    const block = options.tronNode ? await options.tronNode.nowBlock() : null;
    const timestamp = Date.now();
    const raw = {
      ...template,
      ...(block ? { refBlockBytes: block.number.toString(16).padStart(16, '0').slice(12), refBlockHash: block.blockID.slice(16, 32) } : {}),
      timestamp,
      expiration: timestamp + 60_000,
      contract: { type: 'TriggerSmartContract' as const, owner: tronHexAddress(sender) ?? '41', contract: tronHexAddress(bridge) ?? bridge, callValue, data },
    };
    const rawDataHex = encodeTronRawData(raw);
    return { visible: false, txID: tronTxId(rawDataHex), raw_data: tronRawDataJson(raw), raw_data_hex: rawDataHex };
  }

  /** Pays the recipient of a mined `swapAndBridge` once, on the chain its number names. */
  async function settle(settlement: FakeSettlement, chain: AllbridgeChain, hash: Hex) {
    const input = await minedInput(settlement, chain, hash);
    if (input === null) return null;
    const call = decodeSwapAndBridge(input);
    if (typeof call === 'string') return null;
    const destination = ALLBRIDGE_CHAINS.find((candidate) => BigInt(candidate.allbridgeChainId) === call.destinationChainId);
    const token = receiveTokenOf(call);
    if (!destination || token === null) return null;
    let payout = payouts.get(hash);
    if (!payout) {
      const amount = outOf(call.amount);
      const recipient = getAddress(`0x${call.recipient.slice(26)}`);
      payout = settlement.pay(destination.chainId as number, token, recipient, amount).then((paid) => ({ hash: paid, amount, token }));
      payouts.set(hash, payout);
    }
    return payout;
  }

  /** The calldata of a successful source transaction, read on its own chain (the Tron node for Tron). */
  async function minedInput(settlement: FakeSettlement, chain: AllbridgeChain, hash: string): Promise<Hex | null> {
    if (chain.chainId !== null) {
      const mined = await settlement.findTransaction(chain.chainId, hash as Hex);
      return mined?.success ? mined.input : null;
    }
    const found = options.tronNode ? await options.tronNode.findTransaction(hash).catch(() => null) : null;
    if (!found || found.result !== 'SUCCESS') return null;
    const contract = decodeTronRawData(found.rawDataHex).contract;
    return contract.type === 'TriggerSmartContract' && contract.contract === tronHexAddress(chain.bridge) ? `0x${contract.data}` : null;
  }

  async function status(request: FakeRequest): Promise<FakeReply> {
    const txId = request.query.get('txId') ?? '';
    const chain = ALLBRIDGE_CHAINS.find((candidate) => candidate.symbol === request.query.get('chain'));
    if (!chain) return nestBadRequest('Chain not found');
    const send = { ...STATUS.send, txId };
    if (options.settlement) {
      const paid = await settle(options.settlement, chain, txId as Hex);
      if (paid === null) return nestBadRequest('Bad request');
      return { body: { ...STATUS, txId, sourceChainSymbol: chain.symbol, send, receive: { ...STATUS.receive, txId: paid.hash, amount: paid.amount.toString(), destinationTokenAddress: paid.token } } };
    }
    const mode = options.status ?? 'received';
    // The core API's 404 for an unknown transaction reaches the REST API's caller as its generic 400.
    if (mode === 'unindexed') return nestBadRequest('Bad request');
    const { receive, ...pending } = STATUS;
    if (mode === 'signing') return { body: { ...pending, txId, sourceChainSymbol: chain.symbol, send } };
    return { body: { ...STATUS, txId, sourceChainSymbol: chain.symbol, send, receive } };
  }

  const server = await startFakeServer({
    'GET /bridge/quote': quote,
    'GET /raw/bridge': rawBridge,
    'GET /transfer/status': status,
  });
  return switchableFake(server, (next: AllbridgeFakeOptions) => {
    options = next;
  });
}
