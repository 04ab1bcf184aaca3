import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AmountFormatError, Billing, parseJson, writeJson } from '../../dist/esm/index.mjs';
import { startFakeApi } from './fake-api.mjs';

let api;
let billing;
before(async () => {
  api = await startFakeApi();
  billing = new Billing({ apiKey: 'sk_test', baseUrl: api.baseUrl });
});
after(() => api.close());

test('amounts in an answer are the exact text of the JSON number, never rounded through a double', async () => {
  // 123456789.123456 has no exact double; 1000000000.000001 rounds to 1000000000.0000010 and prints differently.
  api.answer({
    body:
      '{"id":"sub_1","amountUsdc":123456789.123456,"metadata":{},"latestInvoice":{"amountUsdc":0.000001,' +
      '"amountRefundedUsdc":0},"prices":[{"amountUsdc":1000000000.000001}],"attemptCount":3,"futureField":{"nested":[1,2]}}',
  });
  const subscription = await billing.subscriptions.retrieve('sub_1');
  assert.equal(subscription.amountUsdc, '123456789.123456');
  assert.equal(subscription.latestInvoice.amountUsdc, '0.000001');
  assert.equal(subscription.latestInvoice.amountRefundedUsdc, '0');
  assert.equal(subscription.prices[0].amountUsdc, '1000000000.000001');
  assert.equal(subscription.attemptCount, 3);
});

test('an invoice.upcoming event keeps its funding amounts exact and its counts as numbers', async () => {
  api.answer({
    body:
      '{"event":{"id":"evt_1","type":"invoice.upcoming","createdAt":"2026-05-01T09:30:00Z","mode":"test","data":{' +
      '"upcomingInvoice":{"amountUsdc":10,"periodStart":"2026-05-01T09:30:00Z","periodEnd":"2026-06-01T09:30:00Z",' +
      '"dueAt":"2026-05-01T09:30:00Z"},"funding":{"requiredUsdc":10,"balanceUsdc":4.000001,' +
      '"allowanceUsdc":9223372036854.775807,"periodsCovered":922337203685,"chargesLeft":2,"blockNumber":77},' +
      '"fundingShortfall":{"balanceShortUsdc":5.999999,"allowanceShortUsdc":null,"mandateExhausted":false},' +
      '"portalUrl":"https://billing.example/portal/sign-in?merchant=mer_1&mode=test"}}}',
  });
  const event = await billing.events.retrieve('evt_1');
  assert.equal(event.data.upcomingInvoice.amountUsdc, '10');
  assert.equal(event.data.funding.balanceUsdc, '4.000001');
  assert.equal(event.data.funding.allowanceUsdc, '9223372036854.775807');
  assert.equal(event.data.funding.periodsCovered, 922337203685);
  assert.equal(event.data.funding.blockNumber, 77);
  assert.equal(event.data.fundingShortfall.balanceShortUsdc, '5.999999');
  assert.equal(event.data.fundingShortfall.allowanceShortUsdc, null);
});

test("an invoice's lines keep their amounts exact, a discount's minus sign included, and the quantity a number", async () => {
  const period = '"periodStart":"2026-01-31T12:00:00Z","periodEnd":"2026-02-28T12:00:00Z"';
  api.answer({
    body:
      '{"id":"inv_1","object":"invoice","amountUsdc":10.345677,"subtotalUsdc":12.345678,"discountUsdc":2.000001,"lines":[' +
      `{"kind":"subscription","description":"12.345678 USDC per month",${period},"quantity":1,` +
      '"unitAmountUsdc":12.345678,"amountUsdc":12.345678},' +
      `{"kind":"discount","description":"Launch offer",${period},"quantity":1,"unitAmountUsdc":-2.000001,"amountUsdc":-2.000001}]}`,
  });
  const invoice = await billing.invoices.retrieve('inv_1');
  assert.equal(invoice.amountUsdc, '10.345677');
  assert.equal(invoice.subtotalUsdc, '12.345678');
  assert.equal(invoice.discountUsdc, '2.000001');
  assert.deepEqual(
    invoice.lines.map((line) => [line.kind, line.quantity, line.unitAmountUsdc, line.amountUsdc]),
    [
      ['subscription', 1, '12.345678', '12.345678'],
      ['discount', 1, '-2.000001', '-2.000001'],
    ],
  );
  assert.equal(invoice.lines[1].description, 'Launch offer');
  assert.equal(invoice.lines[1].periodEnd, '2026-02-28T12:00:00Z');
});

test('fields the types do not name are kept', async () => {
  api.answer({ body: '{"product":{"id":"prod_1","name":"Pro","launchedOn":"2026-02-01","tiers":{"gold":true}}}' });
  const product = await billing.products.retrieve('prod_1');
  assert.equal(product.launchedOn, '2026-02-01');
  assert.deepEqual(product.tiers, { gold: true });
});

test('amounts in a request are written as JSON numbers with exactly the given digits', async () => {
  api.requests.length = 0;
  api.answer({ status: 201, body: { payment: { id: 'pay_1' }, checkoutUrl: 'http://x' } });
  await billing.payments.create({
    merchantRef: 'r',
    customerWallet: '0x' + 'a'.repeat(40),
    amountUsdc: '123456789.123456',
    metadata: { noteUsdc: 'free text, not an amount' },
  });
  await billing.invoices.refund('inv_1', { amountUsdc: 0.000001 });
  await billing.products.create({ name: 'Pro', prices: [{ amountUsdc: '25.500000', interval: 'month' }] });
  const [payment, refund, product] = api.requests.map((request) => request.body);
  assert.match(payment, /"amountUsdc":123456789\.123456[,}]/);
  assert.match(payment, /"noteUsdc":"free text, not an amount"/);
  assert.equal(refund, '{"amountUsdc":0.000001}');
  assert.match(product, /"amountUsdc":25\.500000,/);
});

test('an amount that is not a decimal of at most six places is refused before anything is sent', async () => {
  api.requests.length = 0;
  for (const amountUsdc of ['1.0000001', '1e3', 'ten', 0.0000001, Number.NaN, '']) {
    const error = await billing.invoices.refund('inv_1', { amountUsdc }).catch((e) => e);
    assert.ok(error instanceof AmountFormatError, `${amountUsdc}: ${error}`);
    assert.equal(error.param, 'amountUsdc');
  }
  assert.equal(api.requests.length, 0);
});

test('the reader keeps integers as numbers, and fractions and unsafe integers as text', () => {
  assert.deepEqual(parseJson('{"a":1,"b":-2.50,"c":9007199254740993,"d":1e3,"e":[true,null,"x\\"y"],"allowance":5}'), {
    a: 1,
    b: '-2.50',
    c: '9007199254740993',
    d: '1e3',
    e: [true, null, 'x"y'],
    allowance: '5',
  });
  assert.throws(() => parseJson('{"a":1,}'));
  assert.throws(() => parseJson('{"a":01}'));
  assert.throws(() => parseJson('[1] x'));
});

test('the writer leaves numbers that are not amounts as JSON writes them', () => {
  assert.equal(writeJson({ maxUses: 3, trialDays: 0, active: true, name: 'x', skipped: undefined }), '{"maxUses":3,"trialDays":0,"active":true,"name":"x"}');
  assert.equal(writeJson({ expiresAt: new Date('2026-01-31T12:00:00Z') }), '{"expiresAt":"2026-01-31T12:00:00.000Z"}');
});
