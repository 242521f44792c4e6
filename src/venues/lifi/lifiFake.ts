import { readFileSync } from 'node:fs';
import { decodeEventLog, encodeFunctionData, pad, parseAbi, type Address, type Hex } from 'viem';
import type { FakeSettlement } from '../fake/FakeSettlement.ts';
import { startFakeServer, type FakeReply, type FakeRequest } from '../fake/startFakeServer.ts';
import { switchableFake, type SwitchableFake } from '../fake/switchableFake.ts';
import { LIFI_CHAINS } from './lifiChains.ts';
import { chainInfo } from '../../domain/chains.ts';

/**
 * A loopback LI.FI for tests: `/quote` answers in the layout of a live LI.FI Step over Across
 * (fixtures/real/step-usdc-ethereum-base-across.json: token objects, fee entries, included steps), with
 * the request's chains, tokens, amounts and addresses substituted and a `transactionRequest` to the
 * chain's diamond whose calldata is a real AcrossFacetV4 `startBridgeTokensViaAcrossV4` call (no source
 * swap: the fake takes no LI.FI fee, and the sandbox diamond implements only that entry point); `/status`
 * answers in the layout of the live DONE answer (fixtures/real/status-done-completed-stargatev2bus-live.json). `tamper` makes the calldata lie (another receiver, chain, token or amount) so tests
 * can prove the adapter and the engine refuse it. With a `settlement` (the sandbox) it settles for
 * real: `/status` reads the source transaction's `LiFiTransferStarted` event from the diamond
 * stand-in (src/sandbox/contracts/SandboxLifiDiamond.sol) and pays the receiver on the destination
 * chain from the solver before answering DONE; without one it answers the configured status.
 */

export interface LifiFakeOptions {
  /** Output as a share of the input, in basis points (default 9 965). */
  readonly outBps?: bigint;
  /** Fields of the BridgeData to replace with a lie. */
  readonly tamper?: Partial<{ receiver: Address; destinationChainId: bigint; sendingAssetId: Address; minAmount: bigint }>;
  /** The status and substatus `/status` answers without a settlement (default DONE / COMPLETED). */
  readonly status?: { readonly status: string; readonly substatus: string | null };
  /** Settles on the sandbox chains (and then `/status` reports what happened on chain). */
  readonly settlement?: FakeSettlement;
}

export type LifiFake = SwitchableFake<LifiFakeOptions>;

function realAnswer(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as Record<string, unknown>;
}
/** LI.FI's live Step (10 USDC Ethereum → Base over Across): the layout `/quote` answers in. */
const LIVE_STEP = realAnswer('step-usdc-ethereum-base-across.json') as LiveStep;
const STATUS = realAnswer('status-done-completed-stargatev2bus-live.json');
/** LI.FI's live answers for a partial delivery and a refund: their messages, and where a refund's `receiving` points. */
const LIVE_PARTIAL = realAnswer('status-done-partial-across-ethereum-robinhood.json');
const LIVE_REFUND = realAnswer('status-done-refunded-relaydepository-base.json');

type Json = Record<string, unknown>;
interface LiveStep extends Json {
  readonly action: Json & { readonly fromToken: Json };
  readonly estimate: Json & { readonly feeCosts: readonly Json[] };
  readonly includedSteps: readonly (Json & { readonly type: string; readonly action: Json; readonly estimate: Json })[];
  readonly transactionRequest: Json;
}
/** The live Step's bridge leg and its relayer fee entry, the templates of the fake's own. */
const LIVE_CROSS = LIVE_STEP.includedSteps.find((step) => step.type === 'cross') as LiveStep['includedSteps'][number];
const LIVE_RELAYER_FEE = LIVE_STEP.estimate.feeCosts.find((fee) => fee.name === 'Relayer fee') as Json;

const abi = parseAbi([
  'struct BridgeData { bytes32 transactionId; string bridge; string integrator; address referrer; address sendingAssetId; address receiver; uint256 minAmount; uint256 destinationChainId; bool hasSourceSwaps; bool hasDestinationCall; }',
  'struct AcrossV4Data { bytes32 receiverAddress; bytes32 refundAddress; bytes32 sendingAssetId; bytes32 receivingAssetId; uint256 outputAmount; uint128 outputAmountMultiplier; bytes32 exclusiveRelayer; uint32 quoteTimestamp; uint32 fillDeadline; uint32 exclusivityParameter; bytes message; }',
  'function startBridgeTokensViaAcrossV4(BridgeData _bridgeData, AcrossV4Data _acrossData) payable',
  'event LiFiTransferStarted(BridgeData bridgeData)',
]);
const ZERO = '0x0000000000000000000000000000000000000000';

export async function startLifiFake(initial: LifiFakeOptions = {}): Promise<LifiFake> {
  let options = initial;
  let sequence = 0;
  /** What each quoted transfer delivers, by LI.FI transaction id: the destination token and amount. */
  const quoted = new Map<string, { toToken: Address; out: bigint }>();
  /** One payout per source transaction, whatever the number of polls. */
  const payouts = new Map<string, Promise<{ txHash: Hex; amount: bigint; token: Address; chainId: number } | null>>();

  function quote(request: FakeRequest): FakeReply {
    const q = request.query;
    const fromChain = Number(q.get('fromChain'));
    const toChain = Number(q.get('toChain'));
    const chain = LIFI_CHAINS.find((c) => chainInfo(c.key).chainId === fromChain);
    const amountText = q.get('fromAmount') ?? '';
    if (!chain || !/^[0-9]+$/.test(amountText) || !q.get('fromAddress') || !q.get('integrator')) return { status: 400, body: { message: 'Invalid quote request.', code: 1011 } };
    const fromToken = (q.get('fromToken') ?? ZERO) as Address;
    const toToken = (q.get('toToken') ?? ZERO) as Address;
    const sender = q.get('fromAddress') as Address;
    const recipient = (q.get('toAddress') ?? sender) as Address;
    const amount = BigInt(amountText);
    const out = (amount * (options.outBps ?? 9_965n)) / 10_000n;
    const transactionId = pad(`0x${(++sequence).toString(16)}`);
    quoted.set(transactionId, { toToken, out });
    const bridge = { receiver: recipient, destinationChainId: BigInt(toChain), sendingAssetId: fromToken, minAmount: amount, ...options.tamper };
    const data = encodeFunctionData({
      abi,
      functionName: 'startBridgeTokensViaAcrossV4',
      args: [
        { transactionId, bridge: 'across', integrator: q.get('integrator') ?? '', referrer: ZERO, hasSourceSwaps: false, hasDestinationCall: false, ...bridge },
        { receiverAddress: pad(bridge.receiver), refundAddress: pad(sender), sendingAssetId: pad(fromToken), receivingAssetId: pad(toToken), outputAmount: out, outputAmountMultiplier: 10n ** 18n, exclusiveRelayer: pad(ZERO), quoteTimestamp: Math.floor(Date.now() / 1000), fillDeadline: Math.floor(Date.now() / 1000) + 10_800, exclusivityParameter: 0, message: '0x' },
      ],
    });
    const tokenOf = (address: string, chainId: number) => ({ ...LIVE_STEP.action.fromToken, address, chainId });
    const sent = tokenOf(fromToken, fromChain);
    const received = tokenOf(toToken, toChain);
    // The whole gap between input and output is the relayer's, included in the amount as LI.FI marks it.
    const relayerFee = { ...LIVE_RELAYER_FEE, token: sent, amount: (amount - out).toString(), amountUSD: '0' };
    const amounts = { fromAmount: amount.toString(), toAmount: out.toString(), toAmountMin: out.toString() };
    const { approvalAddress: _spokePool, ...crossEstimate } = LIVE_CROSS.estimate;
    const cross = {
      ...LIVE_CROSS,
      id: `lifi-fake-${sequence}-cross`,
      action: { ...LIVE_CROSS.action, fromChainId: fromChain, toChainId: toChain, fromToken: sent, toToken: received, fromAmount: amount.toString(), fromAddress: chain.diamond, toAddress: recipient },
      estimate: { ...crossEstimate, ...amounts, feeCosts: [relayerFee], gasCosts: [] },
    };
    const body = {
      ...LIVE_STEP,
      id: `lifi-fake-${sequence}`,
      tool: 'across',
      action: { ...LIVE_STEP.action, fromChainId: fromChain, toChainId: toChain, fromToken: sent, toToken: received, fromAmount: amount.toString(), fromAddress: sender, toAddress: recipient },
      estimate: { ...LIVE_STEP.estimate, ...amounts, approvalAddress: chain.diamond, feeCosts: [relayerFee], gasCosts: [], executionDuration: 30, fromAmountUSD: '0', toAmountUSD: '0' },
      includedSteps: [cross],
      integrator: q.get('integrator'),
      transactionRequest: { ...LIVE_STEP.transactionRequest, from: sender, to: chain.diamond, chainId: fromChain, data: data as Hex, value: fromToken === ZERO ? `0x${amount.toString(16)}` : '0x0' },
      transactionId,
    };
    return { body };
  }

  /** Reads the diamond's event from the mined source transaction and pays its receiver once. */
  async function settle(settlement: FakeSettlement, fromChain: number, hash: Hex): Promise<{ txHash: Hex; amount: bigint; token: Address; chainId: number } | null | 'failed'> {
    const mined = await settlement.findTransaction(fromChain, hash);
    if (!mined) return null;
    if (!mined.success) return 'failed';
    let payout = payouts.get(hash);
    if (!payout) {
      const diamond = LIFI_CHAINS.find((c) => chainInfo(c.key).chainId === fromChain)?.diamond;
      const started = mined.logs.flatMap((log) => {
        if (!diamond || log.address.toLowerCase() !== diamond.toLowerCase()) return [];
        try {
          const event = decodeEventLog({ abi, data: log.data, topics: log.topics });
          return event.eventName === 'LiFiTransferStarted' ? [event.args.bridgeData] : [];
        } catch {
          return [];
        }
      })[0];
      if (!started) return 'failed';
      const known = quoted.get(started.transactionId);
      const chainId = Number(started.destinationChainId);
      const token = known?.toToken ?? started.sendingAssetId;
      const amount = known?.out ?? (started.minAmount * (options.outBps ?? 9_965n)) / 10_000n;
      payout = settlement.pay(chainId, token === ZERO ? null : token, started.receiver, amount).then((txHash) => ({ txHash, amount, token, chainId }));
      payouts.set(hash, payout);
    }
    return payout;
  }

  async function status(request: FakeRequest): Promise<FakeReply> {
    const hash = request.query.get('txHash');
    // LI.FI's live answer to a malformed hash (fixtures/real/status-400-invalid-txhash.json).
    if (!hash || !/^0x[0-9a-fA-F]{64}$/.test(hash)) return { status: 400, body: { message: '/txHash Not a valid txHash', code: 1011 } };
    const template = STATUS as { sending: Record<string, unknown>; receiving: Record<string, unknown> };
    const answer = (status: string, substatus: string | null, receiving: Record<string, unknown> | null, message = STATUS.substatusMessage): FakeReply => ({
      body: { ...STATUS, sending: { ...template.sending, txHash: hash }, receiving: receiving ?? { chainId: template.receiving.chainId }, status, substatus, substatusMessage: message },
    });
    if (!options.settlement) {
      const chosen = options.status ?? { status: 'DONE', substatus: 'COMPLETED' };
      if (chosen.status !== 'DONE') return answer(chosen.status, chosen.substatus, null);
      // As LI.FI answered live: a refund's `receiving` is the refund itself, on the source chain in the source token.
      if (chosen.substatus === 'REFUNDED') return answer('DONE', 'REFUNDED', { ...template.sending, txHash: `0x${'5'.repeat(64)}` }, LIVE_REFUND.substatusMessage);
      return answer('DONE', chosen.substatus, template.receiving, chosen.substatus === 'PARTIAL' ? LIVE_PARTIAL.substatusMessage : STATUS.substatusMessage);
    }
    const settled = await settle(options.settlement, Number(request.query.get('fromChain')), hash as Hex);
    if (settled === null) return answer('PENDING', 'WAIT_SOURCE_CONFIRMATIONS', null);
    // A reverted source transaction: LI.FI answers FAILED with only `sending`, no substatus, no receiving (synthetic/status-failed-sending-only.json).
    if (settled === 'failed') return { body: { status: 'FAILED', sending: { chainId: Number(request.query.get('fromChain')), txHash: hash } } };
    const token = template.receiving.token as Record<string, unknown>;
    return answer('DONE', 'COMPLETED', { ...template.receiving, txHash: settled.txHash, amount: settled.amount.toString(), chainId: settled.chainId, token: { ...token, address: settled.token, chainId: settled.chainId } });
  }

  const server = await startFakeServer({ 'GET /quote': quote, 'GET /status': status });
  return switchableFake<LifiFakeOptions>(server, (next) => {
    options = next;
  });
}
