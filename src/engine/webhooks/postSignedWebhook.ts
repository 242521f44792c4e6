import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { addressAllowed, type WebhookTargetPolicy } from './webhookTargets.ts';

export interface SignedWebhook {
  readonly url: string;
  /** `webhook-id`: the same on every attempt of one event, so a receiver can drop a repeat. */
  readonly id: string;
  readonly body: string;
}

export interface PostSignedWebhookResult {
  readonly ok: boolean;
  /** The receiver's status, or the network fault, for the delivery's `last_error`. */
  readonly outcome: string;
}

const RESPONSE_BYTES_READ = 4_096;

/**
 * POSTs one event signed per Standard Webhooks (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`). The connection resolves the host itself and refuses any address the policy
 * does not allow, so a name that resolved to a public address at build cannot be rebound to an
 * internal one later. Redirects are not followed; only a 2xx acknowledges.
 */
export async function postSignedWebhook(message: SignedWebhook, options: { secret: string; policy: WebhookTargetPolicy; timeoutMs: number; now: Date }): Promise<PostSignedWebhookResult> {
  const signature = new Webhook(options.secret).sign(message.id, options.now, message.body);
  const url = new URL(message.url);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const guardedLookup: LookupFunction = (host, lookupOptions, callback) => {
    dnsLookup(host, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      const refused = addresses.find((a) => !addressAllowed(options.policy, hostname, a.address));
      if (refused) return callback(Object.assign(new Error(`${host} resolves to ${refused.address}, which is not a public address`), { code: 'EWEBHOOKFORBIDDEN' }), '', 4);
      if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
  // An address literal is never looked up, so it is checked here.
  if (/^[\d.]+$|:/.test(hostname) && !addressAllowed(options.policy, hostname, hostname)) return { ok: false, outcome: `${hostname} is not a public address` };
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup,
        timeout: options.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Strait-Webhooks/1',
          'webhook-id': message.id,
          'webhook-timestamp': String(Math.floor(options.now.getTime() / 1000)),
          'webhook-signature': signature,
        },
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > RESPONSE_BYTES_READ) response.destroy();
        });
        const status = response.statusCode ?? 0;
        const done = () => resolve({ ok: status >= 200 && status < 300, outcome: `HTTP ${status}` });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', (error) => resolve({ ok: false, outcome: error.message }));
    request.end(message.body);
  });
}
