import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import { Billing, constructEvent, SignatureVerificationError, Webhooks } from '../../dist/esm/index.mjs';

const SECRET = 'whsec_' + randomBytes(32).toString('base64');
const OTHER_SECRET = 'whsec_' + randomBytes(32).toString('base64');
const EVENT_ID = 'evt_01jabcdefghjkmnpqrstvwxyz0';
const BODY = `{"id":"${EVENT_ID}","type":"invoice.paid","createdAt":"2026-01-31T12:00:00Z","mode":"test","data":{"invoice":{"id":"inv_1","amountUsdc":123456789.123456}}}`;

/** The four headers, made as webhook-verify's WebhookSigner makes them (one signature per secret). */
function sign(body, secrets, timestamp = Math.floor(Date.now() / 1000), eventId = EVENT_ID) {
  const service = secrets.map((secret) => createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestamp}.`).update(body).digest('hex'));
  const standard = secrets.map((secret) =>
    createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${eventId}.${timestamp}.`).update(body).digest('base64'),
  );
  return {
    'x-service-signature': `t=${timestamp},` + service.map((mac) => `v1=${mac}`).join(','),
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standard.map((mac) => `v1,${mac}`).join(' '),
  };
}

function only(headers, ...names) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => names.includes(name)));
}

async function rejection(promise) {
  const error = await promise.then(
    () => assert.fail('verified'),
    (e) => e,
  );
  assert.ok(error instanceof SignatureVerificationError, `got ${error}`);
  assert.equal(error.type, 'signature_verification_error');
  return error.code;
}

test('a delivery with all four headers verifies under both schemes and gives the event with exact amounts', async () => {
  const event = await constructEvent(BODY, sign(BODY, [SECRET]), SECRET);
  assert.equal(event.id, EVENT_ID);
  assert.equal(event.data.invoice.amountUsdc, '123456789.123456');
});

test('each scheme verifies alone: x-service-signature, and the Standard Webhooks headers', async () => {
  const headers = sign(BODY, [SECRET]);
  assert.equal((await constructEvent(BODY, only(headers, 'x-service-signature'), SECRET)).type, 'invoice.paid');
  const standard = only(headers, 'webhook-id', 'webhook-timestamp', 'webhook-signature');
  assert.equal((await constructEvent(BODY, standard, SECRET)).type, 'invoice.paid');
});

test('bytes, a Headers object and header names in any case work as well', async () => {
  const headers = new Headers(sign(BODY, [SECRET]));
  await constructEvent(new TextEncoder().encode(BODY), headers, SECRET);
  const upper = Object.fromEntries(Object.entries(sign(BODY, [SECRET])).map(([k, v]) => [k.toUpperCase(), v]));
  await constructEvent(BODY, upper, SECRET);
});

test('during a rotation a delivery signed by both secrets verifies under either', async () => {
  const headers = sign(BODY, [OTHER_SECRET, SECRET]);
  await constructEvent(BODY, headers, SECRET);
  await constructEvent(BODY, headers, [OTHER_SECRET]);
});

test('a wrong signature is no_matching_signature, in either scheme', async () => {
  const headers = sign(BODY, [OTHER_SECRET]);
  assert.equal(await rejection(constructEvent(BODY, only(headers, 'x-service-signature'), SECRET)), 'no_matching_signature');
  assert.equal(
    await rejection(constructEvent(BODY, only(headers, 'webhook-id', 'webhook-timestamp', 'webhook-signature'), SECRET)),
    'no_matching_signature',
  );
});

test('a body changed after signing does not verify', async () => {
  const headers = sign(BODY, [SECRET]);
  assert.equal(await rejection(constructEvent(BODY.replace('123456789', '923456789'), headers, SECRET)), 'no_matching_signature');
});

test('when both schemes are present both must verify', async () => {
  const good = sign(BODY, [SECRET]);
  const forged = { ...good, 'webhook-signature': sign(BODY, [OTHER_SECRET])['webhook-signature'] };
  assert.equal(await rejection(constructEvent(BODY, forged, SECRET)), 'no_matching_signature');
});

test('a timestamp older than the tolerance is timestamp_out_of_tolerance; a wider tolerance accepts it', async () => {
  const old = Math.floor(Date.now() / 1000) - 600;
  const headers = sign(BODY, [SECRET], old);
  assert.equal(await rejection(constructEvent(BODY, headers, SECRET)), 'timestamp_out_of_tolerance');
  assert.equal(
    await rejection(constructEvent(BODY, only(headers, 'webhook-id', 'webhook-timestamp', 'webhook-signature'), SECRET)),
    'timestamp_out_of_tolerance',
  );
  await constructEvent(BODY, headers, SECRET, 900);
});

test('missing headers are missing_header; a Standard Webhooks set without its signature too', async () => {
  assert.equal(await rejection(constructEvent(BODY, {}, SECRET)), 'missing_header');
  assert.equal(await rejection(constructEvent(BODY, { 'x-service-signature': '  ' }, SECRET)), 'missing_header');
  const headers = sign(BODY, [SECRET]);
  assert.equal(await rejection(constructEvent(BODY, only(headers, 'webhook-id', 'webhook-timestamp'), SECRET)), 'missing_header');
});

test('malformed headers are malformed_header', async () => {
  const t = Math.floor(Date.now() / 1000);
  for (const header of [`t=${t}`, 'v1=' + 'ab'.repeat(32), `t=${t},v1=zz`, `t=soon,v1=${'ab'.repeat(32)}`, 'garbage']) {
    assert.equal(await rejection(constructEvent(BODY, { 'x-service-signature': header }, SECRET)), 'malformed_header', header);
  }
  const standard = only(sign(BODY, [SECRET]), 'webhook-id', 'webhook-timestamp');
  assert.equal(await rejection(constructEvent(BODY, { ...standard, 'webhook-signature': 'v1,short' }, SECRET)), 'malformed_header');
});

test('a secret without the whsec_ prefix is the caller\'s mistake, a TypeError', async () => {
  await assert.rejects(constructEvent(BODY, sign(BODY, [SECRET]), 'not-a-secret'), TypeError);
});

test('the client\'s webhooks and a Webhooks without a client verify alike', async () => {
  const billing = new Billing({ apiKey: 'sk_test', baseUrl: 'http://127.0.0.1:1' });
  assert.equal((await billing.webhooks.constructEvent(BODY, sign(BODY, [SECRET]), SECRET)).id, EVENT_ID);
  assert.equal((await new Webhooks().constructEvent(BODY, sign(BODY, [SECRET]), SECRET)).id, EVENT_ID);
});
