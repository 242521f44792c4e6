import { describe, expect, it } from 'vitest';
import { addressAllowed, isPublicAddress, vetWebhookUrl } from './webhookTargets.ts';

const closed = { allowHosts: [], allowPrivateTargets: false };

describe('webhook targets', () => {
  it.each([
    ['93.184.215.14', true],
    ['8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['10.0.0.1', false],
    ['172.16.5.4', false],
    ['172.32.0.1', true],
    ['192.168.0.10', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.251', false],
    ['255.255.255.255', false],
    ['198.18.0.1', false],
    ['::', false],
    ['::1', false],
    ['fe80::1', false],
    ['fd12:3456::1', false],
    ['ff02::1', false],
    ['::ffff:10.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['64:ff9b::a00:1', false],
    ['2001:db8::1', false],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('allows a named host, an address or a CIDR the operator lists, and everything private in the sandbox', () => {
    const policy = { allowHosts: ['hooks.internal', '10.1.0.0/16', '127.0.0.1'], allowPrivateTargets: false };
    expect(addressAllowed(policy, 'hooks.internal', '10.9.9.9')).toBe(true);
    expect(addressAllowed(policy, 'other.internal', '10.1.2.3')).toBe(true);
    expect(addressAllowed(policy, 'other.internal', '10.2.0.1')).toBe(false);
    expect(addressAllowed(policy, 'localhost', '127.0.0.1')).toBe(true);
    expect(addressAllowed(policy, 'localhost', '::ffff:127.0.0.1')).toBe(true);
    expect(addressAllowed(closed, 'localhost', '127.0.0.1')).toBe(false);
    expect(addressAllowed({ allowHosts: [], allowPrivateTargets: true }, 'localhost', '::1')).toBe(true);
  });

  it('checks every address a name resolves to, and never resolves an address literal', async () => {
    const resolve = async (host: string) => {
      if (host === 'mixed.example') return [{ address: '93.184.215.14', family: 4 }, { address: 'fd00::5', family: 6 }];
      if (host === 'public.example') return [{ address: '93.184.215.14', family: 4 }, { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 }];
      throw new Error(`unexpected lookup of ${host}`);
    };
    await expect(vetWebhookUrl('https://mixed.example/hook', closed, resolve)).rejects.toMatchObject({ code: 'webhook_url_forbidden', details: { address: 'fd00::5' } });
    await expect(vetWebhookUrl('https://public.example/hook#fragment', closed, resolve)).resolves.toBe('https://public.example/hook');
    await expect(vetWebhookUrl('http://[fe80::1]/hook', closed, resolve)).rejects.toMatchObject({ code: 'webhook_url_forbidden' });
    await expect(vetWebhookUrl('https://93.184.215.14/hook', closed, resolve)).resolves.toBe('https://93.184.215.14/hook');
    await expect(vetWebhookUrl('file:///etc/passwd', closed, resolve)).rejects.toMatchObject({ code: 'invalid_webhook_url' });
  });
});
