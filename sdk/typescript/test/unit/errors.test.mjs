import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createServer } from 'node:net';
import {
  ApiError,
  AuthenticationError,
  Billing,
  BillingError,
  ConnectionError,
  IdempotencyError,
  InvalidRequestError,
  NotFoundError,
  RateLimitError,
} from '../../dist/esm/index.mjs';
import { apiError, REQUEST_ID, startFakeApi } from './fake-api.mjs';

let api;
let billing;
before(async () => {
  api = await startFakeApi();
  billing = new Billing({ apiKey: 'sk_test', baseUrl: api.baseUrl, maxRetries: 0 });
});
after(() => api.close());

const cases = [
  [401, 'authentication_error', AuthenticationError, 'authentication_error'],
  [403, 'permission_denied', AuthenticationError, 'authentication_error'],
  [404, 'resource_missing', NotFoundError, 'not_found_error'],
  [409, 'idempotency_error', IdempotencyError, 'idempotency_error'],
  [409, 'idempotency_in_progress', IdempotencyError, 'idempotency_error'],
  [409, 'subscription_cancel_failed', InvalidRequestError, 'invalid_request_error'],
  [429, 'rate_limited', RateLimitError, 'rate_limit_error'],
  [400, 'validation_error', InvalidRequestError, 'invalid_request_error'],
  [413, 'payload_too_large', InvalidRequestError, 'invalid_request_error'],
  [415, 'unsupported_media_type', InvalidRequestError, 'invalid_request_error'],
  [500, 'internal_error', ApiError, 'api_error'],
  [503, 'processing_timeout', ApiError, 'api_error'],
];

for (const [status, code, kind, type] of cases) {
  test(`a ${status} ${code} is a ${kind.name} of type ${type}`, async () => {
    api.answer({ ...apiError(status, code, `the ${code} message`), headers: { 'retry-after': '1' } });
    const error = await billing.subscriptions.retrieve('sub_1').catch((e) => e);
    assert.ok(error instanceof kind, `got ${error}`);
    assert.ok(error instanceof BillingError);
    assert.equal(error.type, type);
    assert.equal(error.code, code);
    assert.equal(error.status, status);
    assert.equal(error.message, `the ${code} message`);
    assert.equal(error.requestId, REQUEST_ID);
    assert.equal(error.raw.code, code);
  });
}

test('a validation error names the field in param', async () => {
  api.answer(apiError(400, 'validation_error', 'customerWallet is not an address', { param: 'customerWallet' }));
  const error = await billing.subscriptions
    .create({ merchantRef: 'r', customerWallet: 'nope' })
    .catch((e) => e);
  assert.ok(error instanceof InvalidRequestError);
  assert.equal(error.param, 'customerWallet');
});

test('an answer that is not the error JSON is an ApiError with the x-request-id header as requestId', async () => {
  api.answer({ status: 502, body: '<html>bad gateway</html>', headers: { 'content-type': 'text/html', 'x-request-id': 'req_fromheader' } });
  const error = await billing.invoices.retrieve('inv_1').catch((e) => e);
  assert.ok(error instanceof ApiError);
  assert.equal(error.status, 502);
  assert.equal(error.code, undefined);
  assert.equal(error.requestId, 'req_fromheader');
  assert.equal(error.raw, '<html>bad gateway</html>');
});

test('a 4xx without the error JSON is an ApiError, not a guess at the kind', async () => {
  api.answer({ status: 404, body: 'not here', headers: { 'content-type': 'text/plain' } });
  const error = await billing.invoices.retrieve('inv_1').catch((e) => e);
  assert.ok(error instanceof ApiError);
  assert.equal(error.status, 404);
});

test('a 2xx whose body is not JSON is an ApiError', async () => {
  api.answer({ status: 200, body: 'ok', headers: { 'content-type': 'text/plain' } });
  const error = await billing.account.retrieve().catch((e) => e);
  assert.ok(error instanceof ApiError);
});

test('a RateLimitError carries Retry-After in seconds', async () => {
  api.answer({ ...apiError(429, 'rate_limited', 'slow down'), headers: { 'retry-after': '7' } });
  const error = await billing.events.retrieve('evt_1').catch((e) => e);
  assert.ok(error instanceof RateLimitError);
  assert.equal(error.retryAfter, 7);
});

test('a closed port is a ConnectionError without a status', async () => {
  const port = await closedPort();
  const offline = new Billing({ apiKey: 'sk_test', baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 });
  const error = await offline.account.retrieve().catch((e) => e);
  assert.ok(error instanceof ConnectionError, `got ${error}`);
  assert.equal(error.type, 'connection_error');
  assert.equal(error.status, undefined);
  assert.equal(error.code, 'connection_failed');
});

test('a client without an API key fails at construction with a clear message', () => {
  const saved = process.env.BILLING_API_KEY;
  delete process.env.BILLING_API_KEY;
  try {
    assert.throws(() => new Billing({ baseUrl: api.baseUrl }), /BILLING_API_KEY/);
  } finally {
    if (saved !== undefined) process.env.BILLING_API_KEY = saved;
  }
});

async function closedPort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}
