import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Billing } from '../../dist/esm/index.mjs';
import { startFakeApi } from './fake-api.mjs';

let api;
before(async () => {
  api = await startFakeApi();
});
after(() => api.close());

test('without options the client takes BILLING_API_KEY and BILLING_BASE_URL from the environment', async () => {
  const saved = { key: process.env.BILLING_API_KEY, url: process.env.BILLING_BASE_URL };
  process.env.BILLING_API_KEY = 'sk_from_env';
  process.env.BILLING_BASE_URL = api.baseUrl + '/';
  try {
    api.requests.length = 0;
    api.answer({ body: { account: { id: 'mer_1' } } });
    await new Billing().account.retrieve();
    assert.equal(api.requests[0].headers.authorization, 'Bearer sk_from_env');
    assert.equal(api.requests[0].path, '/v1/account');
  } finally {
    for (const [name, value] of [['BILLING_API_KEY', saved.key], ['BILLING_BASE_URL', saved.url]]) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
});

test('options that cannot work are refused at construction', () => {
  assert.throws(() => new Billing({ apiKey: 'k', maxRetries: -1 }), RangeError);
  assert.throws(() => new Billing({ apiKey: 'k', maxRetries: 1.5 }), RangeError);
  assert.throws(() => new Billing({ apiKey: 'k', timeout: 0 }), RangeError);
});

test('a one-object envelope resolves to the object; an answer of several parts resolves whole', async () => {
  const billing = new Billing({ apiKey: 'k', baseUrl: api.baseUrl });
  api.answer({ body: { payment: { id: 'pay_1', amountUsdc: 5 } } });
  assert.deepEqual(await billing.payments.retrieve('pay_1'), { id: 'pay_1', amountUsdc: '5' });
  api.answer({ status: 202, body: { event: { id: 'evt_1', type: 'webhook_endpoint.test' } } });
  assert.equal((await billing.webhookEndpoints.sendTest('we_1')).id, 'evt_1');
  api.answer({ body: { paymentLink: { id: 'plink_1' }, url: 'http://link' } });
  assert.deepEqual(await billing.paymentLinks.retrieve('plink_1'), { paymentLink: { id: 'plink_1' }, url: 'http://link' });
});

test('ids are escaped into the path, and an empty id is refused before sending', async () => {
  const billing = new Billing({ apiKey: 'k', baseUrl: api.baseUrl });
  api.requests.length = 0;
  api.answer({ body: { id: 'x' } });
  await billing.invoices.retrieve('inv/../1');
  assert.equal(api.requests[0].path, '/v1/invoices/inv%2F..%2F1');
  await assert.rejects(billing.invoices.retrieve(''), TypeError);
  await assert.rejects(billing.invoices.refund('', { amountUsdc: '1' }), TypeError);
  assert.equal(api.requests.length, 1);
});

test('a caller\'s AbortSignal cancels the call without retries', async () => {
  const billing = new Billing({ apiKey: 'k', baseUrl: api.baseUrl });
  const held = [];
  api.requests.length = 0;
  api.answer((req, res) => held.push(res));
  const controller = new AbortController();
  const call = billing.account.retrieve({ signal: controller.signal });
  await until(() => api.requests.length === 1);
  controller.abort();
  await assert.rejects(call, { name: 'AbortError' });
  held.forEach((res) => res.destroy());
  assert.equal(api.requests.length, 1);
});

async function until(condition, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) assert.fail('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
