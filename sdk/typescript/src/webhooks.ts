// Verifies webhook deliveries with Web Crypto only, so it runs in Node, browsers and edge runtimes alike. The two
// schemes are those of the platform's webhook-verify module (README.md, "Verifying webhooks"):
// `x-service-signature: t=<unix seconds>,v1=<hex>` = HMAC-SHA256("<t>.<body>") under the whole `whsec_` secret as
// UTF-8, and Standard Webhooks `webhook-signature: v1,<base64>` = HMAC-SHA256("<id>.<timestamp>.<body>") under the
// base64-decoded part after `whsec_`.

import { SignatureVerificationError } from './errors.js';
import { parseJson } from './exact-json.js';
import type { Event } from './types.js';
import { webCrypto } from './web-crypto.js';

/** Five minutes: room for clock skew and a slow network, short enough that a captured delivery soon expires. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** Request headers as a `Headers` object or a plain object (Node's `req.headers`); names in any case. */
export type WebhookHeaderInput = Headers | Record<string, string | string[] | undefined>;

export interface ConstructEventOptions {
  /** Seconds the signed time may be from now, either way; default 300. */
  tolerance?: number;
  /** Now, in unix seconds (tests). */
  now?: number;
}

const PREFIX = 'whsec_';
const MAC_BYTES = 32;
const encoder = new TextEncoder();

/**
 * Verifies a delivery and returns its event, read with exact amounts. `rawBody` is the body exactly as received,
 * before any JSON parsing; `secret` the endpoint's `whsec_` secret, or both secrets during a rotation. Whichever
 * scheme's headers are present is checked; when both are, both must verify. Throws `SignatureVerificationError`.
 */
export async function constructEvent<T = Event>(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaderInput,
  secret: string | string[],
  tolerance: number | ConstructEventOptions = DEFAULT_TOLERANCE_SECONDS,
): Promise<T> {
  const options = typeof tolerance === 'number' ? { tolerance } : tolerance;
  const seconds = options.tolerance ?? DEFAULT_TOLERANCE_SECONDS;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const body = typeof rawBody === 'string' ? encoder.encode(rawBody) : new Uint8Array(rawBody);
  const keys = await Promise.all((Array.isArray(secret) ? secret : [secret]).map(signingKeys));
  if (keys.length === 0) throw new TypeError('at least one webhook secret is needed to verify');

  const service = header(headers, 'x-service-signature');
  const standardPresent = ['webhook-id', 'webhook-timestamp', 'webhook-signature'].some((name) => header(headers, name) !== undefined);
  if (service === undefined && !standardPresent) {
    throw failure('missing_header', 'x-service-signature (or webhook-id, webhook-timestamp and webhook-signature) is missing');
  }
  if (service !== undefined) {
    const { timestamp, signatures } = parseServiceSignature(service);
    const signed = concat(encoder.encode(`${timestamp}.`), body);
    await check(keys.map((key) => hmac(key.service, signed)), signatures, 'x-service-signature');
    recent(timestamp, now, seconds);
  }
  if (standardPresent) {
    const id = required(headers, 'webhook-id');
    const timestamp = unixSeconds('webhook-timestamp', required(headers, 'webhook-timestamp'));
    const signatures = parseStandardSignature(required(headers, 'webhook-signature'));
    const signed = concat(encoder.encode(`${id}.${timestamp}.`), body);
    await check(keys.map((key) => hmac(key.standard, signed)), signatures, 'webhook-signature');
    recent(timestamp, now, seconds);
  }
  const text = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(body);
  try {
    return parseJson(text) as T;
  } catch {
    throw failure('malformed_body', 'the signed body is not JSON');
  }
}

/** Webhook verification without a client (edge runtimes): `new Webhooks().constructEvent(...)`. */
export class Webhooks {
  constructEvent<T = Event>(
    rawBody: string | Uint8Array | ArrayBuffer,
    headers: WebhookHeaderInput,
    secret: string | string[],
    tolerance: number | ConstructEventOptions = DEFAULT_TOLERANCE_SECONDS,
  ): Promise<T> {
    return constructEvent<T>(rawBody, headers, secret, tolerance);
  }
}

interface SigningKeys {
  service: CryptoKey;
  standard: CryptoKey;
}

async function signingKeys(secret: string): Promise<SigningKeys> {
  if (typeof secret !== 'string' || !secret.startsWith(PREFIX) || secret.length === PREFIX.length) {
    throw new TypeError(`a webhook secret starts with ${PREFIX} followed by base64`);
  }
  let standard: Uint8Array;
  try {
    standard = base64(secret.slice(PREFIX.length));
  } catch {
    throw new TypeError(`the part of a webhook secret after ${PREFIX} is not base64`);
  }
  const subtle = (await webCrypto()).subtle;
  const importKey = (raw: Uint8Array) =>
    subtle.importKey('raw', raw as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return { service: await importKey(encoder.encode(secret)), standard: await importKey(standard) };
}

async function hmac(key: CryptoKey, data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await (await webCrypto()).subtle.sign('HMAC', key, data as BufferSource));
}

/** Any signature matching any key's MAC verifies; every pair is compared, in constant time each. */
async function check(expected: Promise<Uint8Array>[], signatures: Uint8Array[], name: string): Promise<void> {
  let matched = false;
  for (const mac of await Promise.all(expected)) {
    for (const signature of signatures) matched = equal(mac, signature) || matched;
  }
  if (!matched) throw failure('no_matching_signature', `${name} has no signature matching the body under the secret`);
}

function recent(timestamp: number, now: number, tolerance: number): void {
  const skew = Math.abs(now - timestamp);
  if (skew > tolerance) {
    throw failure('timestamp_out_of_tolerance', `signed at ${timestamp}, ${skew} s from now, beyond the tolerance of ${tolerance} s`);
  }
}

function parseServiceSignature(value: string): { timestamp: number; signatures: Uint8Array[] } {
  let timestamp: string | undefined;
  const signatures: Uint8Array[] = [];
  for (const pair of value.split(',')) {
    const equals = pair.indexOf('=');
    if (equals <= 0) throw malformed('x-service-signature', 'has a part that is not key=value');
    const key = pair.slice(0, equals).trim();
    const part = pair.slice(equals + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined) throw malformed('x-service-signature', 'has more than one t');
      timestamp = part;
    } else if (key === 'v1') {
      if (!/^[0-9a-fA-F]{64}$/.test(part)) throw malformed('x-service-signature', 'has a v1 that is not 64 hex digits');
      signatures.push(Uint8Array.from(part.match(/../g)!, (byte) => parseInt(byte, 16)));
    }
  }
  if (timestamp === undefined) throw malformed('x-service-signature', 'has no t');
  if (signatures.length === 0) throw malformed('x-service-signature', 'has no v1');
  return { timestamp: unixSeconds('x-service-signature', timestamp), signatures };
}

function parseStandardSignature(value: string): Uint8Array[] {
  const signatures: Uint8Array[] = [];
  for (const entry of value.trim().split(/ +/)) {
    const comma = entry.indexOf(',');
    if (comma <= 0) throw malformed('webhook-signature', 'has an entry that is not version,signature');
    if (entry.slice(0, comma) !== 'v1') continue;
    let mac: Uint8Array;
    try {
      mac = base64(entry.slice(comma + 1));
    } catch {
      throw malformed('webhook-signature', 'has a v1 that is not base64');
    }
    if (mac.length !== MAC_BYTES) throw malformed('webhook-signature', 'has a v1 that is not 32 bytes');
    signatures.push(mac);
  }
  if (signatures.length === 0) throw malformed('webhook-signature', 'has no v1');
  return signatures;
}

function unixSeconds(name: string, value: string): number {
  if (!/^\d{1,12}$/.test(value)) throw malformed(name, 'has a timestamp that is not unix seconds');
  return Number(value);
}

function header(headers: WebhookHeaderInput, name: string): string | undefined {
  let value: string | string[] | null | undefined;
  if (typeof (headers as Headers).get === 'function') {
    value = (headers as Headers).get(name);
  } else {
    const record = headers as Record<string, string | string[] | undefined>;
    const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name);
    value = key === undefined ? undefined : record[key];
  }
  if (Array.isArray(value)) value = value.join(', ');
  return value == null || value.trim() === '' ? undefined : value.trim();
}

function required(headers: WebhookHeaderInput, name: string): string {
  const value = header(headers, name);
  if (value === undefined) throw failure('missing_header', `${name} is missing`);
  return value;
}

function base64(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw new Error('not base64');
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

function malformed(name: string, what: string): SignatureVerificationError {
  return failure('malformed_header', `${name} ${what}`);
}

function failure(code: string, message: string): SignatureVerificationError {
  return new SignatureVerificationError({ message, code });
}
