// The client against a running stack (npm run test:stack; not part of npm test). A Java IT of system-tests starts
// the stack and a harness, then runs this file with:
//   BILLING_BASE_URL, BILLING_API_KEY  the gateway and a test-mode key
//   SCENARIO_HARNESS_URL               POST /pay {checkoutUrl} pays a checkout on the local chain;
//                                      GET /webhooks lists the deliveries it received; POST /cut-next cuts the next
//                                      connection through SCENARIO_CUT_URL before the gateway's answer reaches us
//   SCENARIO_CUT_URL                   a proxy to the gateway that the harness can cut
//   SCENARIO_WEBHOOK_URL               where the harness receives webhooks
//   SCENARIO_CUSTOMER_WALLET           (optional) the wallet the harness pays from; anvil's second account by default
// The steps share state and run in order.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { test } from 'node:test';
import {
  AuthenticationError,
  Billing,
  ConnectionError,
  IdempotencyError,
  InvalidRequestError,
  NotFoundError,
  RateLimitError,
} from '@abk/billing';

const env = (name) => {
  const value = process.env[name];
  assert.ok(value, `${name} is needed for the stack scenario`);
  return value;
};
const HARNESS = env('SCENARIO_HARNESS_URL').replace(/\/+$/, '');
const CUT_URL = env('SCENARIO_CUT_URL');
const WEBHOOK_URL = env('SCENARIO_WEBHOOK_URL');
const CUSTOMER_WALLET = process.env.SCENARIO_CUSTOMER_WALLET ?? '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const RUN = `ts-${Date.now().toString(36)}`;
/** Six decimals, no exact double: the amount must survive both ways as written. */
const PRICE = '12.345678';
const REFUND = '2.5';

const billing = new Billing(); // BILLING_BASE_URL and BILLING_API_KEY from the environment
const state = {};

/** Polls `probe` until it returns a value other than undefined, or fails at the deadline. */
async function until(what, probe, { timeoutMs = 90_000, everyMs = 500 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) assert.fail(`no ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

async function harness(method, path, body) {
  const response = await fetch(HARNESS + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`);
  return response.json();
}

/** Equal decimals whatever trailing zeros the API writes. */
function decimal(text) {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

test('a product and its price keep the amount exactly', async () => {
  state.product = await billing.products.create({ name: `Scenario ${RUN}`, description: 'the TypeScript client scenario' });
  state.price = await billing.products.createPrice(state.product.id, { amountUsdc: PRICE, interval: 'month' });
  assert.equal(state.price.productId, state.product.id);
  assert.equal(decimal(state.price.amountUsdc), PRICE);
  const product = await billing.products.retrieve(state.product.id);
  assert.deepEqual(product.prices.map((price) => price.id), [state.price.id]);
});

test('a webhook endpoint at the harness, with its secret', async () => {
  const created = await billing.webhookEndpoints.create({ url: WEBHOOK_URL, enabledEvents: ['*'], description: RUN });
  assert.match(created.secret, /^whsec_/);
  state.endpoint = created.webhookEndpoint;
  state.secret = created.secret;
});

test('a subscription from the price, paid through its checkout by the harness, becomes active', async () => {
  const created = await billing.subscriptions.create(
    { merchantRef: `${RUN}-sub`, customerWallet: CUSTOMER_WALLET, priceId: state.price.id },
    { idempotencyKey: `${RUN}-subscription` },
  );
  assert.equal(created.subscription.status, 'incomplete');
  assert.equal(decimal(created.subscription.amountUsdc), PRICE);
  assert.equal(created.invoice.subscriptionId, created.subscription.id);
  // its first invoice is one subscription line of the invoice's whole amount
  assert.deepEqual(
    created.invoice.lines.map((line) => [line.kind, decimal(line.amountUsdc)]),
    [['subscription', decimal(created.invoice.amountUsdc)]],
  );
  state.subscription = created.subscription;
  state.invoice = created.invoice;
  await harness('POST', '/pay', { checkoutUrl: created.checkoutUrl });
  const active = await until('active subscription', async () => {
    const subscription = await billing.subscriptions.retrieve(state.subscription.id);
    return subscription.status === 'active' ? subscription : undefined;
  });
  assert.equal(active.latestInvoiceId, state.invoice.id);
  const paid = await until('paid invoice', async () => {
    const invoice = await billing.invoices.retrieve(state.invoice.id);
    return invoice.status === 'paid' ? invoice : undefined;
  });
  assert.equal(decimal(paid.amountUsdc), PRICE);
});

test('a delivery the harness received verifies with constructEvent', async () => {
  const delivery = await until('signed delivery of this subscription', async () => {
    const { deliveries } = await harness('GET', '/webhooks');
    // the merchant's other endpoints (another library's scenario) receive the same events under their own secrets
    const path = new URL(WEBHOOK_URL).pathname;
    return deliveries.find((candidate) => candidate.path === path && candidate.body.includes(state.subscription.id));
  });
  const event = await billing.webhooks.constructEvent(delivery.body, delivery.headers, state.secret);
  assert.match(event.id, /^evt_/);
  const webhookId = Object.entries(delivery.headers).find(([name]) => name.toLowerCase() === 'webhook-id')?.[1];
  if (webhookId !== undefined) assert.equal(webhookId, event.id);
  const tampered = delivery.body.replace(state.subscription.id, 'sub_00000000000000000000000000');
  await assert.rejects(billing.webhooks.constructEvent(tampered, delivery.headers, state.secret), { code: 'no_matching_signature' });
});

test('the paid invoice refunded in part keeps the exact amount', async () => {
  const invoice = await billing.invoices.refund(state.invoice.id, { amountUsdc: REFUND });
  assert.equal(invoice.id, state.invoice.id);
  assert.equal(decimal(invoice.amountRefundedUsdc), REFUND);
  assert.equal(invoice.status, 'paid');
});

test('a customer is found by its wallet, changed, and subscribed by its id', async () => {
  const wallet = `0x${randomBytes(20).toString('hex')}`;
  const created = await billing.customers.create({ wallet: wallet.toUpperCase().replace('0X', '0x'), email: `${RUN}@example.com` });
  assert.match(created.id, /^cus_/);
  assert.equal(created.wallet, wallet);
  const found = await billing.customers.list({ wallet });
  assert.deepEqual(found.data.map((customer) => customer.id), [created.id]);

  const updated = await billing.customers.update(created.id, { email: `${RUN}-2@example.com`, name: null });
  assert.equal(updated.email, `${RUN}-2@example.com`);
  const again = await billing.customers.retrieve(created.id);
  assert.equal(again.email, `${RUN}-2@example.com`);
  assert.equal(again.name, null);
  assert.equal(again.wallet, wallet);

  const { subscription } = await billing.subscriptions.create({
    merchantRef: `${RUN}-customer`,
    customerId: created.id,
    amountUsdc: '4.000001',
    interval: 'month',
  });
  assert.equal(subscription.customerId, created.id);
  assert.equal(subscription.walletAddress.toLowerCase(), wallet);
  const listed = await billing.subscriptions.list({ customerId: created.id });
  assert.deepEqual(listed.data.map((s) => s.id), [subscription.id]);
});

test('a coupon redeemed through its promotion code discounts the first invoice exactly', async () => {
  const coupon = await billing.coupons.create({ name: 'TS', percentOff: '12.5', duration: 'once' });
  assert.equal(coupon.percentOff, '12.5');
  const code = await billing.promotionCodes.create({ couponId: coupon.id, code: `Ts-${RUN}`.slice(0, 40) });
  const { data } = await billing.promotionCodes.list({ code: code.code.toUpperCase() });
  assert.deepEqual(data.map((found) => found.id), [code.id]);

  const { invoice } = await billing.subscriptions.create({
    merchantRef: `${RUN}-coupon`,
    customerWallet: `0x${randomBytes(20).toString('hex')}`,
    amountUsdc: '8',
    interval: 'month',
    promotionCode: code.code.toLowerCase(),
  });
  assert.equal(invoice.amountUsdc, '7');
  assert.equal((await billing.coupons.retrieve(coupon.id)).timesRedeemed, 1);
  assert.equal((await billing.promotionCodes.deactivate(code.id)).active, false);
});

test('a subscription with a seat and a metered item counts a batch of usage once and prices it by the tiers', async () => {
  // given a summed meter (its event name new to the merchant), a seat price of 2.5 USDC and a tiered price of the
  // meter: the first 10 units at 0.1, the rest at 0.000125 plus 1 USDC once
  const eventName = `ts_calls_${RUN}`.replace(/-/g, '_');
  const meter = await billing.meters.create({ eventName, aggregation: 'sum' });
  assert.equal(meter.status, 'active');
  assert.equal((await billing.meters.retrieve(meter.id)).eventName, eventName);
  const seat = await billing.products.createPrice(state.product.id, { amountUsdc: '2.5', interval: 'month' });
  const calls = await billing.products.createPrice(state.product.id, {
    usageType: 'metered',
    meterId: meter.id,
    interval: 'month',
    tiers: [
      { upTo: 10, unitAmountUsdc: '0.1' },
      { upTo: null, unitAmountUsdc: '0.000125', flatAmountUsdc: '1' },
    ],
  });
  assert.equal(calls.usageType, 'metered');
  assert.deepEqual(calls.tiers.map((tier) => [tier.upTo, decimal(tier.unitAmountUsdc)]), [[10, '0.1'], [null, '0.000125']]);

  // when a subscription of two seats and the calls, at most 50 USDC a period, is created and its checkout paid
  const created = await billing.subscriptions.create({
    merchantRef: `${RUN}-metered`,
    customerWallet: CUSTOMER_WALLET,
    items: [{ priceId: seat.id, quantity: 2 }, { priceId: calls.id }],
    maxAmountPerPeriodUsdc: '50',
  });
  const subscriptionId = created.subscription.id;
  assert.equal(created.subscription.items.length, 2);
  assert.equal(decimal(created.subscription.maxAmountPerPeriodUsdc), '50');
  // the first invoice bills the seats only: usage is billed in arrears
  assert.equal(decimal(created.invoice.amountUsdc), '5');
  await harness('POST', '/pay', { checkoutUrl: created.checkoutUrl });
  await until('the metered subscription active', async () =>
    (await billing.subscriptions.retrieve(subscriptionId)).status === 'active' ? true : undefined,
  );

  // and usage is reported: a batch whose first event is sent again (a retry), then one event alone
  const events = [['a', 7], ['b', 5], ['a', 7]].map(([key, value]) => ({
    eventName,
    identifier: `${subscriptionId}-${key}`,
    customerWallet: CUSTOMER_WALLET,
    value,
  }));
  assert.equal((await billing.meterEvents.createBatch({ events })).accepted, 3);
  const single = await billing.meterEvents.create({ eventName, customerWallet: CUSTOMER_WALLET, value: 3 });
  assert.equal(single.customerId, created.subscription.customerId);

  // then the usage reads 15 units in 3 events (the retry counted once), priced by the tiers exactly:
  // 10 x 0.1 + 5 x 0.000125 + 1 = 2.000625
  const usage = await until('the usage of 15 units', async () => {
    const read = await billing.subscriptions.usage(subscriptionId);
    return read.items.length === 1 && read.items[0].quantity === 15 ? read : undefined;
  });
  assert.equal(usage.items[0].eventCount, 3);
  assert.equal(usage.items[0].meterId, meter.id);
  assert.equal(decimal(usage.items[0].amountUsdc), '2.000625');
});

test('the wallet the first subscription named became its customer', async () => {
  const customer = await until('the customer of the paying wallet', async () => {
    const { data } = await billing.customers.list({ wallet: CUSTOMER_WALLET });
    return data[0];
  });
  assert.equal(customer.wallet, CUSTOMER_WALLET.toLowerCase());
  assert.equal(state.subscription.customerId, customer.id);
});

test('each error type from the stack', async () => {
  const wrongKey = new Billing({ apiKey: 'abk_test_not_a_key_of_this_stack', maxRetries: 0 });
  await assert.rejects(wrongKey.account.retrieve(), (e) => e instanceof AuthenticationError && e.status === 401 && /^req_/.test(e.requestId));

  await assert.rejects(
    billing.subscriptions.create({ merchantRef: `${RUN}-bad`, customerWallet: 'not-a-wallet', priceId: state.price.id }),
    (e) => e instanceof InvalidRequestError && e.status === 400 && e.param === 'customerWallet',
  );

  await assert.rejects(
    billing.subscriptions.retrieve('sub_00000000000000000000000000'),
    (e) => e instanceof NotFoundError && e.code === 'resource_missing',
  );

  const key = `${RUN}-one-key`;
  await billing.products.create({ name: `${RUN} first` }, { idempotencyKey: key });
  await assert.rejects(
    billing.products.create({ name: `${RUN} second` }, { idempotencyKey: key }),
    (e) => e instanceof IdempotencyError && e.code === 'idempotency_error' && e.status === 409,
  );

  const limited = await until(
    'rate limit',
    async () => {
      const burst = await Promise.allSettled(
        Array.from({ length: 150 }, () => billing.subscriptions.retrieve(state.subscription.id, { maxRetries: 0 })),
      );
      return burst.map((outcome) => outcome.reason).find((reason) => reason instanceof RateLimitError);
    },
    { timeoutMs: 30_000, everyMs: 0 },
  );
  assert.equal(limited.code, 'rate_limited');
  assert.ok(limited.retryAfter >= 1);

  const port = await closedPort();
  const offline = new Billing({ baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 });
  await assert.rejects(offline.account.retrieve(), (e) => e instanceof ConnectionError && e.status === undefined);
});

test('a payment whose answer is cut is retried with its key and exists once', async () => {
  // The burst above may still hold the key's rate limit: wait for it to pass before the cut.
  await until('the rate limit to pass', async () => billing.account.retrieve({ maxRetries: 0 }).then(() => true, () => undefined), { timeoutMs: 65_000 });
  await harness('POST', '/cut-next', {});
  const cutClient = new Billing({ baseUrl: CUT_URL, maxRetries: 3 });
  const merchantRef = `${RUN}-pay`;
  const created = await cutClient.payments.create({ merchantRef, customerWallet: CUSTOMER_WALLET, amountUsdc: '3.000001' });
  assert.equal(created.payment.merchantRef, merchantRef);
  assert.equal(decimal(created.payment.amountUsdc), '3.000001');
  let count = 0;
  for await (const payment of billing.payments.list({ limit: 100 })) {
    if (payment.merchantRef === merchantRef) count++;
  }
  assert.equal(count, 1);
});

async function closedPort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}
