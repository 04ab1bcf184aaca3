// The shop's server without the API: its pages' hooks, the buy form's refusal of a malformed wallet, and the webhook
// receiver (signed as the platform signs, x-service-signature over "<t>.<body>" under the whole whsec_ secret).
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Webhooks } from '@abk/billing';
import { PRODUCTS, sameAmount } from '../src/catalog.mjs';
import { Orders } from '../src/orders.mjs';
import { createShopServer } from '../src/server.mjs';

const SECRET = 'whsec_' + Buffer.from('0123456789abcdef0123456789abcdef').toString('base64');
const WALLET = '0x1111111111111111111111111111111111111111';
const dataDir = mkdtempSync(join(tmpdir(), 'shop-test-'));
const orders = new Orders(dataDir);
const catalog = Object.fromEntries(PRODUCTS.map((p) => [p.key, { ...p, priceId: `price_${p.key}` }]));
const server = createShopServer({
  billing: { webhooks: new Webhooks() }, catalog, orders, webhookSecret: SECRET, publicUrl: 'http://shop.test', log: () => {},
});
let base;

before(async () => {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});
after(() => {
  server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function deliver(event, secret = SECRET, t = Math.floor(Date.now() / 1000)) {
  const body = JSON.stringify(event);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return fetch(`${base}/webhooks`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-service-signature': `t=${t},v1=${v1}` }, body });
}

function paymentPaid(id, orderId, paymentId) {
  return { id, type: 'payment.paid', createdAt: '2026-01-02T03:04:05Z', mode: 'test', data: { payment: { id: paymentId, merchantRef: orderId, amountUsdc: 4 } } };
}

async function orderStatus(id) {
  const page = await (await fetch(`${base}/orders/${id}`)).text();
  return /data-order-status="(\w+)"/.exec(page)[1];
}

test('the home page offers each product with a labelled wallet field and a buy button', async () => {
  const page = await (await fetch(base + '/')).text();
  for (const key of ['plan', 'item']) {
    assert.match(page, new RegExp(`data-product="${key}"`));
    assert.match(page, new RegExp(`<label for="wallet-${key}">`));
  }
  assert.equal(page.match(/data-action="buy"/g).length, 2);
  assert.match(page, /<main id="main"/);
});

test('a malformed wallet is refused on the form, saying why, and makes no order', async () => {
  const before = Object.keys(orders.orders).length;
  const answer = await fetch(base + '/buy', { method: 'POST', body: new URLSearchParams({ product: 'plan', wallet: '0x12<b>' }), redirect: 'manual' });
  assert.equal(answer.status, 400);
  const page = await answer.text();
  assert.match(page, /role="alert">Enter a wallet address/);
  assert.match(page, /value="0x12&lt;b&gt;"/);
  assert.equal(Object.keys(orders.orders).length, before);
});

test('a verified payment.paid marks its order paid once, however often it is delivered', async () => {
  const order = orders.create('item', WALLET);
  orders.attach(order.id, 'pay_1', 'http://checkout.test/pay_1');
  assert.equal(await orderStatus(order.id), 'pending');

  assert.equal((await deliver(paymentPaid('evt_1', order.id, 'pay_1'))).status, 204);
  assert.equal((await deliver(paymentPaid('evt_1', order.id, 'pay_1'))).status, 204);

  assert.equal(await orderStatus(order.id), 'paid');
  assert.deepEqual(orders.get(order.id).events, ['evt_1']);
  assert.equal(new Orders(dataDir).get(order.id).status, 'paid'); // kept in the data directory
});

test('a delivery signed with another secret is refused and changes nothing', async () => {
  const order = orders.create('item', WALLET);
  orders.attach(order.id, 'pay_2', 'http://checkout.test/pay_2');
  const answer = await deliver(paymentPaid('evt_2', order.id, 'pay_2'), 'whsec_b3RoZXItc2VjcmV0LW90aGVyLXNlY3JldC0xMjM0');
  assert.equal(answer.status, 400);
  assert.equal(await answer.text(), 'no_matching_signature');
  assert.equal(await orderStatus(order.id), 'pending');
});

test('an event for another resource than the order made leaves the order pending', async () => {
  // protects against a merchantRef alone (which any caller of the API may set) marking an order paid
  const order = orders.create('plan', WALLET);
  orders.attach(order.id, 'sub_mine', 'http://checkout.test/sub_mine');
  const event = { id: 'evt_3', type: 'invoice.paid', createdAt: '2026-01-02T03:04:05Z', mode: 'test',
    data: { invoice: { id: 'in_1' }, subscription: { id: 'sub_other', merchantRef: order.id } } };
  assert.equal((await deliver(event)).status, 204);
  assert.equal(await orderStatus(order.id), 'pending');
});

test('amounts compare as decimal text', () => {
  assert.ok(sameAmount('12.5', '12.500000'));
  assert.ok(sameAmount('4', '4.0'));
  assert.ok(!sameAmount('12.5', '12.05'));
  assert.ok(!sameAmount('0.1', '0.10000001'));
});
