/** Longest venue text a caller is shown; the rest is in the logs. */
const MAX_LENGTH = 200;

/**
 * Each pattern and what stands in for it. Order matters: whole URLs go before the hosts, paths and
 * query strings they contain, credentials before the long runs they are made of.
 */
const REDACTIONS: readonly (readonly [RegExp, string | ((match: string) => string)])[] = [
  // Credentials introduced by a scheme or a name: `Bearer …`, `apiKey=…`, `"secret": "…"`, `x-api-key: …`.
  [/\b(Bearer|Basic|Token)\s+[^\s,;"']+/gi, '$1 [redacted]'],
  [/\b((?:x-)?(?:api[_-]?key|apikey|access[_-]?key|secret|client[_-]?secret|token|access[_-]?token|jwt|password|passwd|auth|authorization|signature|sig|key))("?\s*[=:]\s*"?)[^\s,;&"'})]+/gi, '$1$2[redacted]'],
  // URLs of any scheme (they carry hosts, ports, paths and query strings).
  [/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>)]+/gi, '[url]'],
  // IPv4 and IPv6 addresses, with a port when one follows (loopback ports reveal the deployment).
  [/\b\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?\b/g, '[address]'],
  [/\[[0-9a-f:.]*:[0-9a-f:.]*\](?::\d{1,5})?/gi, '[address]'],
  [/(?<![\w:])(?:(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}|(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?::(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?)(?![\w:])/gi, '[address]'],
  [/\blocalhost(?::\d{1,5})?\b/gi, '[address]'],
  // Host names (a dotted name ending in a top-level domain), with a port when one follows.
  [/\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,24})(?::\d{1,5})?\b/gi, '[host]'],
  // Query strings and absolute paths left without their URL.
  [/\?[\w.~%-]+=[^\s"']*/g, ''],
  [/(^|[\s"'(=])(?:\/[\w.~%@+-]+)+\/?/g, '$1[path]'],
  // Long hex or base64/base58-like runs mixing letters and digits: keys, tokens, signatures. An EVM
  // address (0x and 40 hex digits) is the caller's own data and stays readable.
  // An amount in atomic units is all digits and stays readable too.
  [/\b(?:0x)?[0-9a-f]{24,}\b/gi, (match) => (/^0x[0-9a-f]{40}$/i.test(match) || /^\d+$/.test(match) ? match : '[redacted]')],
  [/[A-Za-z0-9+/_-]{24,}={0,2}/g, (match) => (/\d/.test(match) && /[A-Za-z]/.test(match) && !/^0x[0-9a-f]{40}$/i.test(match) ? '[redacted]' : match)],
];

/**
 * The venue error text a caller may see (a quote's `rejected[].message`, a build error, a transfer's
 * `statusDetail`, a venue's health `reason`): no URLs, hosts, IP addresses or ports, paths, query
 * strings or anything that looks like a credential, whitespace collapsed and at most 200 characters.
 * The raw text belongs in the logs, next to the request id.
 */
export function sanitizeVenueMessage(raw: string): string {
  let text = raw;
  for (const [pattern, replacement] of REDACTIONS) text = typeof replacement === 'string' ? text.replace(pattern, replacement) : text.replace(pattern, replacement);
  text = text
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length > MAX_LENGTH) text = `${text.slice(0, MAX_LENGTH - 1).trimEnd()}…`;
  return text.length > 0 ? text : 'the venue failed';
}
