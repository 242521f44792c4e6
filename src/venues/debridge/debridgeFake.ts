import { readFileSync } from 'node:fs';
import { encodeFunctionData, keccak256, parseAbi, toHex, type Address, type Hex } from 'viem';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { startFakeServer, type FakeReply, type FakeRequest, type FakeServer } from '../fake/startFakeServer.ts';
import { DEBRIDGE_CHAINS, DEBRIDGE_SOLANA_CHAIN_ID, DEBRIDGE_SOLANA_NATIVE, DLN_SOURCE } from './debridgeChains.ts';
import { decodeDlnCall } from './debridgeOrderCalls.ts';
import { WRAPPED_SOL_MINT } from './dlnSolanaOrder.ts';
import { encodeDlnSolanaOrderTx } from './encodeDlnSolanaOrderTx.ts';

/**
 * A loopback DLN API for tests: `create-tx` answers in the layout of deBridge's own response example
 * (fixtures/real/create-tx-arb-arbitrum-to-matic-polygon.json) with the request's chains, tokens,
 * amounts and addresses substituted, no pre-swap, and a `tx` to DlnSource whose calldata is a real
 * `createSaltedOrder` for exactly that order; `order-ids` and `order/{id}/status` answer in the
 * layout of deBridge's docs examples. `tamper` makes the order lie (another receiver, chain, amount,
 * token, a hook) so tests can prove the adapter and the engine refuse it. With a `settlement` (the
 * sandbox) it settles for real: `order-ids` reads the mined source transaction, decodes its order
 * and pays the receiver on the destination chain from the solver once; the status then says Fulfilled.
 * From Solana (`srcChainId` 7565164) `tx` is `{ data }`: a 0x-hex unsigned VersionedTransaction placing
 * the same order with DlnSource's `create_order_with_nonce` (encodeDlnSolanaOrderTx.ts), as deBridge's
 * docs describe; `orderId` and the flat fee (0.015 SOL) beside it.
 */

export interface DebridgeFakeOptions {
  /** Take amount as a share of the give amount, in basis points (default 9 960). */
  readonly outBps?: bigint;
  /** The flat fee in native units (default 0.001, deBridge's fee on Arbitrum in its example). */
  readonly fixFee?: bigint;
  /** Below this give amount the fake answers ERROR_LOW_GIVE_AMOUNT. */
  readonly minGive?: bigint;
  /** Order fields to replace with a lie. */
  readonly tamper?: Partial<{ receiverDst: Hex; takeChainId: bigint; giveAmount: bigint; takeTokenAddress: Hex; orderAuthorityAddressDst: Hex; externalCall: Hex; to: Address; solanaFeePayer: string; solanaMint: string }>;
  /** The blockhash of a Solana answer (default: a fixed one; the wallet sets a fresh one). */
  readonly solanaBlockhash?: string;
  /** A lookup table the Solana answer loads every account it holds from, as deBridge's real transactions do. */
  readonly solanaLookupTable?: { readonly address: string; readonly entries: readonly string[] };
  /** What `order/{id}/status` answers without a settlement (default ClaimedUnlock). */
  readonly status?: string;
  /** Settles on the sandbox chains (and then status reports what happened on chain). */
  readonly settlement?: FakeSettlement;
}

export interface DebridgeFake {
  readonly url: string;
  readonly server: FakeServer;
  setOptions(options: DebridgeFakeOptions): void;
  close(): Promise<void>;
}

function realAnswer(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
}
const CREATE_TX = realAnswer('create-tx-arb-arbitrum-to-matic-polygon.json');
const ORDER_IDS = realAnswer('order-ids-bnb-tx.json');
const STATUS = realAnswer('status-claimed-unlock.json');

const abi = parseAbi([
  'struct OrderCreation { address giveTokenAddress; uint256 giveAmount; bytes takeTokenAddress; uint256 takeAmount; uint256 takeChainId; bytes receiverDst; address givePatchAuthoritySrc; bytes orderAuthorityAddressDst; bytes allowedTakerDst; bytes externalCall; bytes allowedCancelBeneficiarySrc; }',
  'function createSaltedOrder(OrderCreation _orderCreation, uint64 _salt, bytes _affiliateFee, uint32 _referralCode, bytes _permitEnvelope, bytes _metadata) payable returns (bytes32)',
]);
const ZERO = '0x0000000000000000000000000000000000000000';
const FIX_FEE = 1_000_000_000_000_000n;
/** deBridge's flat fee on Solana: 0.015 SOL. */
const SOLANA_FIX_FEE = 15_000_000n;
const DEFAULT_BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N';

interface QuotedOrder {
  readonly srcChainId: number;
  readonly dstChainId: number;
  readonly takeToken: Address;
  readonly takeAmount: bigint;
}

export async function startDebridgeFake(initial: DebridgeFakeOptions = {}): Promise<DebridgeFake> {
  let options = initial;
  let sequence = 0;
  /** Every order the fake quoted, by order id. */
  const quoted = new Map<string, QuotedOrder>();
  /** One payout per order, whatever the number of polls. */
  const payouts = new Map<string, Promise<Hex>>();

  function error(errorCode: number, errorId: string, errorMessage: string): FakeReply {
    return { status: 400, body: { errorCode, errorId, errorMessage } };
  }

  function createTx(request: FakeRequest): FakeReply {
    const q = request.query;
    const srcChainId = Number(q.get('srcChainId'));
    const dstChainId = Number(q.get('dstChainId'));
    const amountText = q.get('srcChainTokenInAmount') ?? '';
    const recipient = q.get('dstChainTokenOutRecipient') as Address | null;
    const authorityDst = q.get('dstChainOrderAuthorityAddress') as Address | null;
    const solana = srcChainId === DEBRIDGE_SOLANA_CHAIN_ID;
    // A chain it does not serve: the dialect of the recorded answer (real/error-invalid-query-parameters-dst-chain.json).
    const served = [...new Set([...DEBRIDGE_CHAINS.map((c) => c.debridgeChainId), DEBRIDGE_SOLANA_CHAIN_ID])].sort((a, b) => a - b).join(', ');
    if (!solana && !DEBRIDGE_CHAINS.some((c) => c.debridgeChainId === srcChainId)) return error(2, 'INVALID_QUERY_PARAMETERS', `srcChainId must be one of the following values: ${served}`);
    if (!DEBRIDGE_CHAINS.some((c) => c.debridgeChainId === dstChainId)) return error(2, 'INVALID_QUERY_PARAMETERS', `dstChainId must be one of the following values: ${served}`);
    if (!/^[0-9]+$/.test(amountText) || q.get('dstChainTokenOutAmount') !== 'auto' || !recipient || !authorityDst || !q.get('senderAddress')) return error(2, 'INVALID_QUERY_PARAMETERS', 'Invalid query parameters');
    const give = BigInt(amountText);
    if (give < (options.minGive ?? 1_000n)) return error(8, 'ERROR_LOW_GIVE_AMOUNT', 'Input amount is too low to cover fees');
    const giveToken = (q.get('srcChainTokenIn') ?? ZERO) as Address;
    const takeToken = (q.get('dstChainTokenOut') ?? ZERO) as Address;
    const take = (give * (options.outBps ?? 9_960n)) / 10_000n;
    const fixFee = options.fixFee ?? (solana ? SOLANA_FIX_FEE : FIX_FEE);
    const salt = BigInt(1_746_213_179_552 + ++sequence);
    const orderId = keccak256(toHex(`debridge-fake-${salt}`));
    quoted.set(orderId, { srcChainId, dstChainId, takeToken, takeAmount: take });
    const tamper = options.tamper ?? {};
    const order = {
      giveTokenAddress: giveToken,
      giveAmount: tamper.giveAmount ?? give,
      takeTokenAddress: tamper.takeTokenAddress ?? takeToken,
      takeAmount: take,
      takeChainId: tamper.takeChainId ?? BigInt(dstChainId),
      receiverDst: tamper.receiverDst ?? recipient,
      givePatchAuthoritySrc: q.get('srcChainOrderAuthorityAddress') as Address,
      orderAuthorityAddressDst: tamper.orderAuthorityAddressDst ?? authorityDst,
      allowedTakerDst: '0x' as Hex,
      externalCall: tamper.externalCall ?? ('0x' as Hex),
      allowedCancelBeneficiarySrc: '0x' as Hex,
    };
    const referral = Number(q.get('referralCode') ?? '0');
    const solanaTx = solana
      ? encodeDlnSolanaOrderTx({
          maker: tamper.solanaFeePayer ?? (q.get('senderAddress') ?? ''),
          mint: tamper.solanaMint ?? ((giveToken as string) === DEBRIDGE_SOLANA_NATIVE ? WRAPPED_SOL_MINT : giveToken),
          giveAmount: order.giveAmount,
          takeChainId: order.takeChainId,
          takeToken: order.takeTokenAddress,
          takeAmount: take,
          receiverDst: order.receiverDst,
          orderAuthorityDst: order.orderAuthorityAddressDst,
          ...(order.externalCall !== '0x' ? { externalCall: order.externalCall } : {}),
          nonce: salt,
          referralCode: referral,
          blockhash: options.solanaBlockhash ?? DEFAULT_BLOCKHASH,
          ...(options.solanaLookupTable ? { lookupTable: options.solanaLookupTable } : {}),
        })
      : null;
    const data = solanaTx ? toHex(solanaTx) : encodeFunctionData({ abi, functionName: 'createSaltedOrder', args: [order, salt, '0x', referral, '0x', '0x'] });
    const template = CREATE_TX as { estimation: Record<string, unknown>; order: Record<string, unknown> };
    const { srcChainTokenOut: _preSwap, costsDetails: _costs, ...estimation } = template.estimation;
    const srcIn = estimation.srcChainTokenIn as Record<string, unknown>;
    const dstOut = estimation.dstChainTokenOut as Record<string, unknown>;
    const body = {
      ...CREATE_TX,
      estimation: {
        ...estimation,
        srcChainTokenIn: { ...srcIn, address: giveToken, chainId: srcChainId, amount: give.toString(), approximateOperatingExpense: '0', mutatedWithOperatingExpense: false },
        dstChainTokenOut: { ...dstOut, address: takeToken, chainId: dstChainId, amount: take.toString(), recommendedAmount: take.toString(), maxTheoreticalAmount: take.toString() },
        costsDetails: [],
      },
      tx: solanaTx ? { data } : { value: ((giveToken === ZERO ? give : 0n) + fixFee).toString(), data, to: tamper.to ?? DLN_SOURCE },
      prependedOperatingExpenseCost: '0',
      order: { ...template.order, salt: Number(salt) },
      orderId,
      fixFee: fixFee.toString(),
    };
    return { body };
  }

  /** The order a mined source transaction placed, and its payout (once). */
  async function settle(settlement: FakeSettlement, hash: Hex): Promise<string | null> {
    const chains = [...new Set([...quoted.values()].map((order) => order.srcChainId))];
    for (const debridgeChainId of chains) {
      const chainId = DEBRIDGE_CHAINS.find((c) => c.debridgeChainId === debridgeChainId)?.chainId;
      if (chainId === undefined) continue;
      const mined = await settlement.findTransaction(chainId, hash);
      if (!mined || !mined.success || !mined.to) continue;
      const decoded = decodeDlnCall(mined.input);
      if (typeof decoded === 'string') continue;
      const entry = [...quoted.entries()].find(([, order]) => order.srcChainId === debridgeChainId && order.takeAmount === decoded.order.takeAmount);
      if (!entry) continue;
      const [orderId, order] = entry;
      if (!payouts.has(orderId)) {
        const destination = DEBRIDGE_CHAINS.find((c) => c.debridgeChainId === order.dstChainId);
        if (!destination) return orderId;
        const receiver = decoded.order.receiverDst as Address;
        payouts.set(orderId, settlement.pay(destination.chainId, order.takeToken === ZERO ? null : order.takeToken, receiver, order.takeAmount));
      }
      return orderId;
    }
    return null;
  }

  async function orderIds(request: FakeRequest): Promise<FakeReply> {
    const hash = request.query.get('hash') as Hex;
    if (!options.settlement) return { body: { ...ORDER_IDS, orderIds: [...quoted.keys()].slice(-1) } };
    const orderId = await settle(options.settlement, hash);
    return { body: { ...ORDER_IDS, orderIds: orderId ? [orderId] : [] } };
  }

  async function status(request: FakeRequest): Promise<FakeReply> {
    const id = request.query.get('id') ?? '';
    if (!options.settlement) return { body: { ...STATUS, status: options.status ?? 'ClaimedUnlock' } };
    if (!quoted.has(id)) return error(11, 'UNKNOWN_ORDER', 'Order not found');
    const payout = payouts.get(id);
    if (!payout) return { body: { ...STATUS, status: 'Created' } };
    await payout;
    return { body: { ...STATUS, status: 'Fulfilled' } };
  }

  const server = await startFakeServer({
    'GET /v1.0/dln/order/create-tx': createTx,
    'GET /v1.0/dln/tx/:hash/order-ids': orderIds,
    'GET /v1.0/dln/order/:id/status': status,
  });
  return {
    url: server.url,
    server,
    setOptions(next) {
      options = next;
    },
    close: () => server.close(),
  };
}
