// A referred transfer: `referralWallet` and `referralBps` (0–15) on the quote follow the decision
// through build; the share is a `fee` step paid by the user's own signature beside the bridge call,
// and settles when the transfer completes (spec §1, referrals). A share above 15 bps is refused with
// `400 invalid_referral_bps`, which the client throws as a StraitApiError carrying the envelope.
//
//   npx tsx examples/referral.ts <sandbox JSON line | file holding it>
import { runTransfer, StraitApiError, unwrap, type QuoteRequest } from '@strait/client';
import { erc20Abi } from 'viem';
import { connectToSandbox, logProgress } from './connectToSandbox.ts';

const BASE_USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

const { client, line, walletOn } = connectToSandbox();
const { account, wallet, reader } = walletOn('base', 4);
const referrer = line.accounts[8]!.address;
const balance = () => reader.readContract({ address: BASE_USDC, abi: erc20Abi, functionName: 'balanceOf', args: [referrer] });
const before = await balance();

const request: QuoteRequest = { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: account.address, recipient: account.address, referralWallet: referrer, referralBps: 10 };

let refused = 'accepted';
try {
  unwrap(await client.POST('/bridge/quote', { body: { ...request, referralBps: 16 } }));
} catch (error) {
  if (!(error instanceof StraitApiError)) throw error;
  refused = `${error.status}:${error.code}`;
}
console.error(`referralBps 16: ${refused}`);

const decision = unwrap(await client.POST('/bridge/quote', { body: request }));
console.error(`referral share quoted: ${JSON.stringify(decision.fees.referral)}`);
const row = decision.quotes.find((q) => q.venue === 'across') ?? decision.best;
if (!row) throw new Error(`nothing priced: ${JSON.stringify(decision.rejected)}`);

const { build, transfer } = await runTransfer({ client, decisionId: decision.decisionId, quote: row, wallet, publicClients: reader, pollIntervalMs: 500, onProgress: logProgress });

const share = transfer.fees.find((f) => f.kind === 'referral');
const paid = (await balance()) - before;
console.log(`referral ${transfer.status} bps16=${refused} venue=${transfer.venue} referralCapture=${build.referralCapture} share=${share?.amountAtomic}:${share?.status} referrerReceived=${paid} received=${transfer.receivedAmountAtomic}`);
