// Metered usage: meters, metered prices with tiers, subscriptions with items, meter events alone and in batches, and
// the usage read; amounts exact both ways, quantities and values whole numbers.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AmountFormatError, Billing } from '../../dist/esm/index.mjs';
import { startFakeApi } from './fake-api.mjs';

const WALLET = '0x1111111111111111111111111111111111111111';

let api;
let billing;
before(async () => {
  api = await startFakeApi();
  billing = new Billing({ apiKey: 'sk_test', baseUrl: api.baseUrl, maxRetries: 0 });
});
after(() => api.close());

test('a meter is created and read as the object itself', async () => {
  api.requests.length = 0;
  const meter = {
    id: 'mtr_1', object: 'meter', eventName: 'api_requests', aggregation: 'sum', displayName: null,
    valueKey: 'value', status: 'active', livemode: false, createdAt: '2026-01-31T12:00:00Z',
  };
  api.answer({ status: 201, body: meter });
  const created = await billing.meters.create({ eventName: 'api_requests', aggregation: 'sum' });
  assert.deepEqual(created, meter);
  assert.equal(api.requests[0].body, '{"eventName":"api_requests","aggregation":"sum"}');
});

test('a tiered metered price is written with its digits and the last upTo as null, and read exactly', async () => {
  // A writer that dropped null fields would send a last tier without upTo, which is not the last tier's form.
  api.requests.length = 0;
  api.answer({
    status: 201,
    body:
      '{"price":{"id":"price_1","productId":"prod_1","amountUsdc":null,"interval":"month","trialDays":0,' +
      '"usageType":"metered","meterId":"mtr_1","unitAmountUsdc":null,"tiers":[' +
      '{"upTo":1000,"unitAmountUsdc":0.000125,"flatAmountUsdc":0},{"upTo":null,"unitAmountUsdc":0.000001,"flatAmountUsdc":2.5}],' +
      '"active":true,"mode":"test","createdAt":"2026-01-31T12:00:00Z"}}',
  });
  const price = await billing.products.createPrice('prod_1', {
    usageType: 'metered',
    meterId: 'mtr_1',
    interval: 'month',
    tiers: [
      { upTo: 1000, unitAmountUsdc: '0.000125' },
      { upTo: null, unitAmountUsdc: 0.000001, flatAmountUsdc: '2.50' },
    ],
  });
  assert.equal(
    api.requests[0].body,
    '{"usageType":"metered","meterId":"mtr_1","interval":"month","tiers":[{"upTo":1000,"unitAmountUsdc":0.000125},' +
      '{"upTo":null,"unitAmountUsdc":0.000001,"flatAmountUsdc":2.50}]}',
  );
  assert.deepEqual(price.tiers, [
    { upTo: 1000, unitAmountUsdc: '0.000125', flatAmountUsdc: '0' },
    { upTo: null, unitAmountUsdc: '0.000001', flatAmountUsdc: '2.5' },
  ]);
  assert.equal(price.amountUsdc, null);
});

test('a unit amount with seven decimals is refused before anything is sent', async () => {
  api.requests.length = 0;
  await assert.rejects(
    billing.products.createPrice('prod_1', { usageType: 'metered', meterId: 'mtr_1', interval: 'month', unitAmountUsdc: '0.0000001' }),
    (error) => error instanceof AmountFormatError && error.param === 'unitAmountUsdc',
  );
  assert.equal(api.requests.length, 0);
});

test('a subscription with items sends them and its maximum exactly, and reads them back', async () => {
  api.requests.length = 0;
  api.answer({
    status: 201,
    body:
      '{"subscription":{"id":"sub_1","object":"subscription","amountUsdc":10,"items":[' +
      '{"id":"si_1","priceId":"price_seat","usageType":"licensed","quantity":2,"meterId":null,"unitAmountUsdc":5,"tiers":null},' +
      '{"id":"si_2","priceId":"price_calls","usageType":"metered","quantity":0,"meterId":"mtr_1","unitAmountUsdc":0.000125,"tiers":null}],' +
      '"maxAmountPerPeriodUsdc":120.000001},"invoice":{"id":"inv_1","amountUsdc":10},"checkoutUrl":"http://localhost/checkout/subscribe/sub_1"}',
  });
  const { subscription } = await billing.subscriptions.create({
    merchantRef: 'order-1',
    customerWallet: WALLET,
    items: [{ priceId: 'price_seat', quantity: 2 }, { priceId: 'price_calls' }],
    maxAmountPerPeriodUsdc: '120.000001',
  });
  assert.equal(
    api.requests[0].body,
    `{"merchantRef":"order-1","customerWallet":"${WALLET}","items":[{"priceId":"price_seat","quantity":2},` +
      '{"priceId":"price_calls"}],"maxAmountPerPeriodUsdc":120.000001}',
  );
  assert.equal(subscription.maxAmountPerPeriodUsdc, '120.000001');
  assert.equal(subscription.items[0].quantity, 2);
  assert.equal(subscription.items[0].unitAmountUsdc, '5');
  assert.equal(subscription.items[1].unitAmountUsdc, '0.000125');
});

test("one meter event sends its fields, a payload's own fields as given, and reads the value as a number", async () => {
  // The payload is the caller's: a field named like an amount there must not be checked or rewritten as one.
  api.requests.length = 0;
  api.answer({
    status: 202,
    body: '{"object":"meter_event","eventName":"api_requests","identifier":"req_1","timestamp":"2026-02-01T10:00:00Z","customerId":"cus_1","value":1000000000000}',
  });
  const event = await billing.meterEvents.create({
    eventName: 'api_requests',
    identifier: 'req_1',
    timestamp: new Date('2026-02-01T10:00:00Z'),
    customerId: 'cus_1',
    payload: { tokens: 1000000000000, costUsdc: 'about one' },
  });
  assert.equal(
    api.requests[0].body,
    '{"eventName":"api_requests","identifier":"req_1","timestamp":"2026-02-01T10:00:00.000Z","customerId":"cus_1",' +
      '"payload":{"tokens":1000000000000,"costUsdc":"about one"}}',
  );
  assert.equal(event.value, 1000000000000);
  assert.ok(api.requests[0].headers['idempotency-key'], 'an event carries an Idempotency-Key');
});

test('a batch sends every event in order in one request and reads how many were accepted', async () => {
  api.requests.length = 0;
  api.answer({ status: 202, body: { object: 'meter_event_batch', accepted: 3 } });
  const events = ['a', 'b', 'a'].map((identifier) => ({ eventName: 'api_requests', identifier, customerWallet: WALLET, value: 2 }));
  const batch = await billing.meterEvents.createBatch({ events });
  assert.equal(api.requests.length, 1);
  assert.equal(api.requests[0].path, '/v1/meter_events/batch');
  assert.deepEqual(JSON.parse(api.requests[0].body).events.map((event) => event.identifier), ['a', 'b', 'a']);
  assert.equal(batch.accepted, 3);
});

test("the usage read keeps each item's amount exact and its counts numbers", async () => {
  api.requests.length = 0;
  api.answer({
    body:
      '{"object":"subscription_usage","subscriptionId":"sub_1","periodStart":"2026-01-31T12:00:00Z",' +
      '"periodEnd":"2026-02-28T12:00:00Z","asOf":"2026-02-01T10:00:01Z","items":[{"itemId":"si_2","priceId":"price_calls",' +
      '"meterId":"mtr_1","eventName":"api_requests","quantity":1500,"eventCount":4,"amountUsdc":123456789.123456}]}',
  });
  const usage = await billing.subscriptions.usage('sub_1');
  assert.equal(api.requests[0].path, '/v1/subscriptions/sub_1/usage');
  assert.equal(usage.items[0].quantity, 1500);
  assert.equal(usage.items[0].eventCount, 4);
  assert.equal(usage.items[0].amountUsdc, '123456789.123456');
});
