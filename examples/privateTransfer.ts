// A private transfer: `privacy: true` keeps only venues that do not publish the link between sender
// and recipient (spec §1, privacy mode); every public venue is listed in `rejected` with
// `privacy_venue_required`. In the sandbox the private venue is Exolix, a custodial-hop desk: the
// wallet pays its deposit address and the desk pays out on the other chain. Without any private
// venue the quote answers `emptyReason: "no_private_route"`.
//
//   npx tsx examples/privateTransfer.ts <sandbox JSON line | file holding it>
import { runTransfer, unwrap } from '@strait/client';
import { connectToSandbox, logProgress } from './connectToSandbox.ts';

const { client, walletOn } = connectToSandbox();
const { account, wallet, reader } = walletOn('base', 3);

const routes = unwrap(await client.GET('/bridge/routes', { params: { query: { fromChain: 'base', toChain: 'arbitrum', privacy: 'true' } } }));
console.error(`private routes base → arbitrum: ${routes.routes.map((r) => `${r.venue}${r.enabled ? '' : ' (off here)'}`).join(', ') || 'none'}`);

const decision = unwrap(
  await client.POST('/bridge/quote', {
    body: { fromChain: 'base', toChain: 'arbitrum', fromToken: 'USDC', toToken: 'USDC', amountAtomic: '100000000', sender: account.address, recipient: account.address, privacy: true },
  }),
);
const dropped = decision.rejected.filter((r) => r.code === 'privacy_venue_required').map((r) => r.venue);

if (!decision.best) {
  console.log(`privateTransfer ${decision.emptyReason ?? 'no_executable_quote'} dropped=${dropped.join(',')}`);
} else {
  // privacy is stored on the decision and carried through build; it need not be passed again.
  const { transfer } = await runTransfer({ client, decisionId: decision.decisionId, wallet, publicClients: reader, pollIntervalMs: 500, onProgress: logProgress });
  console.log(`privateTransfer ${transfer.status} venue=${transfer.venue} privacy=${transfer.privacy} privacyModel=${transfer.privacyModel} dropped=${dropped.join(',')} received=${transfer.receivedAmountAtomic}`);
}
