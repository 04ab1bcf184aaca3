// Customers: the bodies the calls send (a cleared field as JSON null), the filters kept across pages, and customerId
// where a subscription names its customer.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Billing } from '../../dist/esm/index.mjs';
import { startFakeApi } from './fake-api.mjs';

const WALLET = '0x1111111111111111111111111111111111111111';
const CUSTOMER = {
  id: 'cus_1',
  object: 'customer',
  wallet: WALLET,
  email: 'ada@example.com',
  name: null,
  metadata: { tier: 'gold' },
  mode: 'test',
  createdAt: '2026-01-31T12:00:00Z',
  updatedAt: '2026-02-01T08:30:00Z',
};

let api;
let billing;
before(async () => {
  api = await startFakeApi();
  billing = new Billing({ apiKey: 'sk_test', baseUrl: api.baseUrl, maxRetries: 0 });
});
after(() => api.close());

test('create sends the wallet and email and resolves to the customer', async () => {
  api.requests.length = 0;
  api.answer({ status: 201, body: { customer: CUSTOMER } });
  const customer = await billing.customers.create({ wallet: WALLET, email: 'ada@example.com' });
  assert.equal(customer.id, 'cus_1');
  assert.equal(customer.wallet, WALLET);
  assert.deepEqual(JSON.parse(api.requests[0].body), { wallet: WALLET, email: 'ada@example.com' });
  assert.ok(api.requests[0].headers['idempotency-key'], 'a create carries an Idempotency-Key');
});

test('update sends null for a cleared email and leaves out what it does not change', async () => {
  // Dropping nulls from the body would turn "clear the email" into a PATCH that changes nothing.
  api.requests.length = 0;
  api.answer({ body: { customer: { ...CUSTOMER, email: null } } });
  const customer = await billing.customers.update('cus_1', { email: null, metadata: { old: '' } });
  assert.equal(customer.email, null);
  assert.equal(api.requests[0].method, 'PATCH');
  assert.equal(api.requests[0].path, '/v1/customers/cus_1');
  assert.equal(api.requests[0].body, '{"email":null,"metadata":{"old":""}}');
});

test('list by wallet keeps the filter on every page while walking them', async () => {
  api.requests.length = 0;
  api.answer(
    { body: { customers: [{ ...CUSTOMER, id: 'cus_3' }, { ...CUSTOMER, id: 'cus_2' }], hasMore: true } },
    { body: { customers: [CUSTOMER], hasMore: false } },
  );
  const ids = [];
  for await (const customer of billing.customers.list({ wallet: WALLET, limit: 2 })) ids.push(customer.id);
  assert.deepEqual(ids, ['cus_3', 'cus_2', 'cus_1']);
  assert.deepEqual(
    api.requests.map((request) => request.url),
    [`/v1/customers?wallet=${WALLET}&limit=2`, `/v1/customers?wallet=${WALLET}&limit=2&startingAfter=cus_2`],
  );
});

test('a subscription created by customerId sends no wallet, and lists filter by customerId', async () => {
  api.requests.length = 0;
  api.answer(
    { status: 201, body: { subscription: { id: 'sub_1', customerId: 'cus_1' }, invoice: { id: 'inv_1', customerId: 'cus_1' }, checkoutUrl: 'http://x/c' } },
    { body: { subscriptions: [], hasMore: false } },
  );
  const created = await billing.subscriptions.create({ merchantRef: 'order-1', customerId: 'cus_1', priceId: 'price_1' });
  assert.equal(created.subscription.customerId, 'cus_1');
  assert.deepEqual(JSON.parse(api.requests[0].body), { merchantRef: 'order-1', customerId: 'cus_1', priceId: 'price_1' });
  await billing.subscriptions.list({ customerId: 'cus_1' });
  assert.equal(api.requests[1].url, '/v1/subscriptions?customerId=cus_1');
});
