import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ApiError, Billing, ConnectionError, IdempotencyError, InvalidRequestError, VERSION } from '../../dist/esm/index.mjs';
import { apiError, cut, startFakeApi } from './fake-api.mjs';

const CREATED = { status: 201, body: { payment: { id: 'pay_1', amountUsdc: 5 }, checkoutUrl: 'http://pay' } };
const PARAMS = { merchantRef: 'order-1', customerWallet: '0x' + '1'.repeat(40), amountUsdc: '5' };

let api;
let billing;
before(async () => {
  api = await startFakeApi();
  billing = new Billing({ apiKey: 'sk_test_123', baseUrl: api.baseUrl });
});
after(() => api.close());

function keys() {
  return api.requests.map((request) => request.headers['idempotency-key']);
}

function fresh() {
  api.requests.length = 0;
}

test('a 503 processing_timeout is retried with the same Idempotency-Key', async () => {
  fresh();
  api.answer(apiError(503, 'processing_timeout', 'still processing'), CREATED);
  const created = await billing.payments.create(PARAMS);
  assert.equal(created.payment.id, 'pay_1');
  assert.equal(api.requests.length, 2);
  assert.match(keys()[0], /^[0-9a-f-]{36}$/);
  assert.equal(keys()[1], keys()[0]);
  assert.equal(api.requests[1].body, api.requests[0].body);
});

test('a 429 waits at least its Retry-After, then retries with the same key', async () => {
  fresh();
  api.answer({ ...apiError(429, 'rate_limited', 'slow down'), headers: { 'retry-after': '1' } }, CREATED);
  const started = performance.now();
  await billing.payments.create(PARAMS);
  const waited = performance.now() - started;
  assert.equal(api.requests.length, 2);
  assert.ok(waited >= 1000, `waited ${waited} ms`);
  assert.equal(keys()[1], keys()[0]);
});

test('a 409 idempotency_in_progress is retried with the same key', async () => {
  fresh();
  api.answer(apiError(409, 'idempotency_in_progress', 'the first is running'), CREATED);
  await billing.payments.create(PARAMS);
  assert.equal(api.requests.length, 2);
  assert.equal(keys()[1], keys()[0]);
});

test('a connection cut before the answer is retried with the same key', async () => {
  fresh();
  api.answer(cut, CREATED);
  const created = await billing.payments.create(PARAMS);
  assert.equal(created.checkoutUrl, 'http://pay');
  assert.equal(api.requests.length, 2);
  assert.equal(keys()[1], keys()[0]);
});

test('each logical call has its own key, and the caller\'s key is sent as given', async () => {
  fresh();
  api.answer(CREATED);
  await billing.payments.create(PARAMS);
  await billing.payments.create(PARAMS);
  await billing.payments.create(PARAMS, { idempotencyKey: 'order-1-create' });
  assert.equal(new Set(keys()).size, 3);
  assert.equal(keys()[2], 'order-1-create');
});

test('maxRetries 2 makes three attempts, then throws the last failure', async () => {
  fresh();
  api.answer(apiError(500, 'internal_error', 'boom'));
  const error = await billing.payments.create(PARAMS).catch((e) => e);
  assert.ok(error instanceof ApiError);
  assert.equal(api.requests.length, 3);
  assert.equal(new Set(keys()).size, 1);
});

test('maxRetries 0 (per request) makes one attempt', async () => {
  fresh();
  api.answer(apiError(503, 'service_unavailable', 'busy'), CREATED);
  const error = await billing.payments.create(PARAMS, { maxRetries: 0 }).catch((e) => e);
  assert.ok(error instanceof ApiError);
  assert.equal(api.requests.length, 1);
});

test('maxRetries 0 on the client makes one attempt after a cut connection', async () => {
  fresh();
  api.answer(cut, CREATED);
  const once = new Billing({ apiKey: 'sk_test_123', baseUrl: api.baseUrl, maxRetries: 0 });
  const error = await once.payments.create(PARAMS).catch((e) => e);
  assert.ok(error instanceof ConnectionError);
  assert.equal(api.requests.length, 1);
});

test('a 400, a 404 and a 409 idempotency_error are not retried', async () => {
  for (const answer of [
    apiError(400, 'validation_error', 'bad'),
    apiError(404, 'resource_missing', 'none'),
    apiError(409, 'idempotency_error', 'another body'),
  ]) {
    fresh();
    api.answer(answer, CREATED);
    const error = await billing.payments.create(PARAMS).catch((e) => e);
    assert.ok(error instanceof InvalidRequestError || error.status === 404 || error instanceof IdempotencyError);
    assert.equal(api.requests.length, 1, `${answer.body.code} was sent ${api.requests.length} times`);
  }
});

test('an attempt with no answer within the timeout is a ConnectionError with code timeout', async () => {
  fresh();
  const held = [];
  api.answer((req, res) => held.push(res));
  const started = performance.now();
  const error = await billing.account.retrieve({ timeout: 200, maxRetries: 0 }).catch((e) => e);
  const took = performance.now() - started;
  held.forEach((res) => res.destroy());
  assert.ok(error instanceof ConnectionError, `got ${error}`);
  assert.equal(error.code, 'timeout');
  assert.ok(took >= 190 && took < 5000, `took ${took} ms`);
});

test('an attempt that timed out is retried with the same key', async () => {
  fresh();
  const held = [];
  api.answer((req, res) => held.push(res), CREATED);
  const created = await billing.payments.create(PARAMS, { timeout: 300, maxRetries: 1 });
  held.forEach((res) => res.destroy());
  assert.equal(created.payment.id, 'pay_1');
  assert.equal(api.requests.length, 2);
  assert.equal(keys()[1], keys()[0]);
});

test('every request carries the key, Service-Version and a User-Agent; only writes carry an Idempotency-Key', async () => {
  fresh();
  api.answer({ body: { account: { id: 'mer_1' } } });
  await billing.account.retrieve();
  await billing.account.update({ displayName: 'Shop' });
  const [read, write] = api.requests;
  for (const request of [read, write]) {
    assert.equal(request.headers.authorization, 'Bearer sk_test_123');
    assert.equal(request.headers['service-version'], '2026-01-01');
    assert.equal(request.headers['user-agent'], `abk-billing-typescript/${VERSION}`);
  }
  assert.equal(read.headers['idempotency-key'], undefined);
  assert.match(write.headers['idempotency-key'], /^[0-9a-f-]{36}$/);
  assert.equal(write.headers['content-type'], 'application/json');
  assert.equal(write.method, 'PATCH');
});
