import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../domain/errors.ts';

/** Which webhook targets the operator allows (config `webhooks`). */
export interface WebhookTargetPolicy {
  /** Hosts (exact, lower case), addresses or CIDRs allowed even when not public. */
  readonly allowHosts: readonly string[];
  /** Every non-public target allowed (the sandbox). */
  readonly allowPrivateTargets: boolean;
}

/** Resolves a host name to every address it has (`dns.lookup` with `all: true` by default). */
export type ResolveHost = (hostname: string) => Promise<readonly LookupAddress[]>;

export const resolveWithDns: ResolveHost = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/**
 * Addresses no webhook may reach unless allowed: this host, private networks, link-local (cloud
 * metadata at 169.254.169.254), carrier-grade NAT, multicast, reserved and documentation ranges,
 * and their IPv6 counterparts (IANA special-purpose registries for IPv4 and IPv6).
 */
const NON_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24],
  ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NON_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) NON_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** True when the address is a public unicast one. IPv4-mapped IPv6 is judged as its IPv4. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1] as string);
  const family = isIP(address);
  if (family === 0) return false;
  return !NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function allowList(policy: WebhookTargetPolicy): { hosts: Set<string>; nets: BlockList } {
  const hosts = new Set<string>();
  const nets = new BlockList();
  for (const entry of policy.allowHosts) {
    const [net, bits] = entry.split('/');
    const family = isIP(net ?? '');
    if (family === 0) hosts.add(entry);
    else if (bits === undefined) nets.addAddress(net as string, family === 4 ? 'ipv4' : 'ipv6');
    else nets.addSubnet(net as string, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
  }
  return { hosts, nets };
}

/** Whether this resolved address of `hostname` may be reached; every address of a host is checked. */
export function addressAllowed(policy: WebhookTargetPolicy, hostname: string, address: string): boolean {
  if (policy.allowPrivateTargets || isPublicAddress(address)) return true;
  const { hosts, nets } = allowList(policy);
  if (hosts.has(hostname.toLowerCase())) return true;
  const plain = address.replace(/^::ffff:(?=\d+\.)/i, '');
  const family = isIP(plain);
  return family !== 0 && nets.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Checks a `webhookUrl` at build: an absolute http(s) URL without credentials whose host resolves
 * only to addresses the policy allows (typed 400s otherwise). Returns the URL as Strait stores it.
 * The sender checks the addresses again at each delivery (a name may resolve elsewhere later).
 */
export async function vetWebhookUrl(raw: string, policy: WebhookTargetPolicy, resolve: ResolveHost = resolveWithDns): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('invalid_webhook_url', 'webhookUrl is not an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AppError('invalid_webhook_url', `webhookUrl must be http or https, not ${url.protocol.replace(':', '')}`);
  if (url.username !== '' || url.password !== '') throw new AppError('invalid_webhook_url', 'webhookUrl must not carry credentials');
  url.hash = '';
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: readonly LookupAddress[];
  try {
    addresses = isIP(hostname) ? [{ address: hostname, family: isIP(hostname) }] : await resolve(hostname);
  } catch {
    throw new AppError('invalid_webhook_url', `webhookUrl host ${hostname} does not resolve`);
  }
  if (addresses.length === 0) throw new AppError('invalid_webhook_url', `webhookUrl host ${hostname} does not resolve`);
  const refused = addresses.find((a) => !addressAllowed(policy, hostname, a.address));
  if (refused) throw new AppError('webhook_url_forbidden', `webhookUrl host ${hostname} resolves to ${refused.address}, which is not a public address`, { details: { address: refused.address } });
  return url.toString();
}
