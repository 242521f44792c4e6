import type { FakeServer } from './startFakeServer.ts';

/**
 * A venue fake on its loopback server whose answers a test switches between calls: `setOptions`
 * replaces the options wholesale (so `{}` is the honest default), `server` records what the adapter
 * asked, `close` stops it.
 */
export interface SwitchableFake<Options> {
  readonly url: string;
  readonly server: FakeServer;
  setOptions(options: Options): void;
  close(): Promise<void>;
}

/** The handle of a fake whose routes read options that `setOptions` (the fake's own setter) replaces. */
export function switchableFake<Options>(server: FakeServer, setOptions: (options: Options) => void): SwitchableFake<Options> {
  return { url: server.url, server, setOptions, close: () => server.close() };
}
