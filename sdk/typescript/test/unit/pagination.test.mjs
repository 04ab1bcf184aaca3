import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Billing } from '../../dist/esm/index.mjs';
import { startFakeApi } from './fake-api.mjs';

let api;
let billing;
before(async () => {
  api = await startFakeApi();
  billing = new Billing({ apiKey: 'sk_test', baseUrl: api.baseUrl });
});
after(() => api.close());

/** Three pages of subscriptions, newest first, served by startingAfter like the API. */
const PAGES = [
  { subscriptions: [{ id: 'sub_9' }, { id: 'sub_8' }], hasMore: true },
  { subscriptions: [{ id: 'sub_7' }, { id: 'sub_6' }], hasMore: true },
  { subscriptions: [{ id: 'sub_5' }], hasMore: false },
];

function serveThreePages() {
  api.requests.length = 0;
  api.answer((req, res) => {
    const after = new URL(req.url, 'http://x').searchParams.get('startingAfter');
    const index = after === null ? 0 : after === 'sub_8' ? 1 : after === 'sub_6' ? 2 : -1;
    res.writeHead(index < 0 ? 400 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(index < 0 ? { error: 'bad cursor', code: 'validation_error', requestId: 'req_x' } : PAGES[index]));
  });
}

test('for await walks every item of three pages, passing the last id as startingAfter', async () => {
  serveThreePages();
  const ids = [];
  for await (const subscription of billing.subscriptions.list({ status: 'active', limit: 2 })) {
    ids.push(subscription.id);
  }
  assert.deepEqual(ids, ['sub_9', 'sub_8', 'sub_7', 'sub_6', 'sub_5']);
  assert.deepEqual(
    api.requests.map((request) => request.url),
    [
      '/v1/subscriptions?status=active&limit=2',
      '/v1/subscriptions?status=active&limit=2&startingAfter=sub_8',
      '/v1/subscriptions?status=active&limit=2&startingAfter=sub_6',
    ],
  );
});

test('awaiting a list gives one page as data and hasMore, and sends one request', async () => {
  serveThreePages();
  const page = await billing.subscriptions.list({ limit: 2 });
  assert.deepEqual(page.data.map((s) => s.id), ['sub_9', 'sub_8']);
  assert.equal(page.hasMore, true);
  assert.equal(api.requests.length, 1);
});

test('firstPage() and pages() give the pages themselves', async () => {
  serveThreePages();
  const first = await billing.subscriptions.list().firstPage();
  assert.equal(first.data.length, 2);
  const pages = [];
  for await (const page of billing.subscriptions.list().pages()) pages.push(page.data.length);
  assert.deepEqual(pages, [2, 2, 1]);
});

test('breaking out of a for await stops asking for pages', async () => {
  serveThreePages();
  for await (const subscription of billing.subscriptions.list()) {
    assert.equal(subscription.id, 'sub_9');
    break;
  }
  assert.equal(api.requests.length, 1);
});

test('every list reads its items from the key the API answers with', async () => {
  const lists = [
    [() => billing.invoices.list({ subscriptionId: 'sub_1' }), 'invoices', '/v1/invoices?subscriptionId=sub_1'],
    [() => billing.payments.list(), 'payments', '/v1/payments'],
    [() => billing.paymentLinks.list(), 'paymentLinks', '/v1/payment-links'],
    [() => billing.products.list(), 'products', '/v1/products'],
    [() => billing.webhookEndpoints.list(), 'webhookEndpoints', '/v1/webhook_endpoints'],
    [() => billing.webhookEndpoints.listDeliveries('we_1'), 'deliveries', '/v1/webhook_endpoints/we_1/deliveries'],
    [() => billing.events.list({ type: 'invoice.paid' }), 'events', '/v1/events?type=invoice.paid'],
  ];
  for (const [list, key, url] of lists) {
    api.requests.length = 0;
    api.answer({ body: { [key]: [{ id: 'x_1' }], hasMore: false } });
    const items = await list().toArray();
    assert.deepEqual(items, [{ id: 'x_1' }], key);
    assert.equal(api.requests[0].url, url);
  }
});
