import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

describe('webhook and event configuration', () => {
  it('has webhooks off, streams bounded and everything private refused by default', () => {
    const config = loadConfig({});
    expect(config.webhooks).toEqual({ secret: undefined, allowHosts: [], allowPrivateTargets: false });
    expect(config.events).toEqual({ maxStreamsPerIp: 20, heartbeatMs: 15_000, safetyPollMs: 5_000 });
  });

  it('takes a Standard Webhooks secret and an allow-list of hosts, addresses and CIDRs', () => {
    const secret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    const config = loadConfig({ STRAIT_WEBHOOK_SECRET: secret, STRAIT_WEBHOOK_ALLOW_HOSTS: 'Hooks.Internal, 10.1.0.0/16,fd00::/8,127.0.0.1' });
    expect(config.webhooks).toEqual({ secret, allowHosts: ['hooks.internal', '10.1.0.0/16', 'fd00::/8', '127.0.0.1'], allowPrivateTargets: false });
  });

  it.each([
    ['STRAIT_WEBHOOK_SECRET', 'not-a-secret'],
    ['STRAIT_WEBHOOK_SECRET', `whsec_${Buffer.alloc(8).toString('base64')}`],
    ['STRAIT_WEBHOOK_ALLOW_HOSTS', '10.0.0.0/abc'],
    ['STRAIT_WEBHOOK_ALLOW_HOSTS', '10.0.0.0/33'],
    ['STRAIT_WEBHOOK_ALLOW_HOSTS', 'http://hooks.internal'],
    ['STRAIT_EVENTS_MAX_STREAMS_PER_IP', '0'],
  ])('stops start-up on %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  });
});
