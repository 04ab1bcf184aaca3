// Compiled (not run) by npm test against the built declarations, as an ESM consumer under nodenext resolution:
// the declarations must give these calls the types the guide promises.
import {
  Billing,
  BillingError,
  constructEvent,
  RateLimitError,
  type Customer,
  type Event,
  type Invoice,
  type InvoiceLine,
  type InvoiceLineKind,
  type Meter,
  type Page,
  type SubscriptionUsage,
  type Subscription,
} from '@abk/billing';

const billing = new Billing({ apiKey: 'k', baseUrl: 'http://localhost:8080', maxRetries: 1, timeout: 1000 });

export async function usage(): Promise<void> {
  const { subscription, invoice, checkoutUrl } = await billing.subscriptions.create(
    { merchantRef: 'r', customerWallet: '0x1111111111111111111111111111111111111111', amountUsdc: '10', interval: 'month' },
    { idempotencyKey: 'k1' },
  );
  const amount: string = subscription.amountUsdc;
  const url: string = checkoutUrl;
  const same: Subscription = await billing.subscriptions.retrieve(subscription.id);
  const page: Page<Subscription> = await billing.subscriptions.list({ status: 'active' });
  for await (const item of billing.subscriptions.list({ status: 'past_due' })) {
    const status: Subscription['status'] = item.status;
    void status;
  }
  const refunded: Invoice = await billing.invoices.refund(invoice.id, { amountUsdc: 2.5 });
  // Subscribe and pay by signature: the relayer's gas cost is exact wei text, its gas a number.
  const gasCostWei: string | null = refunded.gasCostWei;
  const mandateGas: number | null | undefined = same.mandateSignature?.gasUsed;
  const portalAction: 'revoke' | 'raise_allowance' | undefined = same.lastCustomerAction?.kind;
  const authorized: 'pending' | 'submitted' | 'failed' | undefined = (await billing.payments.retrieve('pay_1'))
    .authorization?.status;
  const event: Event = await constructEvent('{}', { 'x-service-signature': 't=1,v1=00' }, 'whsec_AA==');
  // Before a renewal: invoice.upcoming's amounts are exact text like every amount, its counts numbers.
  if (event.type === 'invoice.upcoming' || event.type === 'subscription.allowance_low') {
    const short: string | null | undefined = event.data.fundingShortfall?.balanceShortUsdc;
    const due: string | undefined = event.data.upcomingInvoice?.dueAt;
    const block: number | null | undefined = event.data.funding?.blockNumber;
    // @ts-expect-error an allowance is exact text, never a number
    const allowance: number | null | undefined = event.data.funding?.allowanceUsdc;
    void [short, due, block, allowance, event.data.portalUrl];
  }
  // Customers: one per wallet; a subscription names its customer by wallet or by id, and carries the id.
  const customer: Customer = await billing.customers.create({ wallet: '0x1111111111111111111111111111111111111111' });
  const found: Page<Customer> = await billing.customers.list({ wallet: customer.wallet });
  const cleared: string | null = (await billing.customers.update(customer.id, { email: null })).email;
  const byCustomer = await billing.subscriptions.create({ merchantRef: 'r2', customerId: customer.id, priceId: 'price_1' });
  const subscriptionCustomer: string = byCustomer.subscription.customerId;
  const invoiceCustomer: string | null = byCustomer.invoice.customerId;
  // @ts-expect-error a subscription needs its customer's wallet or id
  await billing.subscriptions.create({ merchantRef: 'r3', priceId: 'price_1' });
  if (event.type === 'customer.updated') {
    const updated: string | undefined = event.data.customer?.id;
    void updated;
  }
  void [found, cleared, subscriptionCustomer, invoiceCustomer];
  // An invoice's lines: amounts exact text (negative for a discount), the quantity a number, the kind a closed set.
  const [line]: InvoiceLine[] = refunded.lines;
  const lineAmount: string | undefined = line?.amountUsdc;
  const quantity: number | undefined = line?.quantity;
  const kind: InvoiceLineKind | undefined = line?.kind;
  // @ts-expect-error a line's kind is one of the four
  const unknownKind: InvoiceLineKind = 'tax';
  void [refunded.subtotalUsdc satisfies string, refunded.discountUsdc satisfies string, lineAmount, quantity, kind, unknownKind];
  // Metered usage: a meter, a tiered price, a subscription with items, events, the usage read.
  const meter: Meter = await billing.meters.create({ eventName: 'api_requests', aggregation: 'sum' });
  await billing.products.createPrice('prod_1', {
    usageType: 'metered',
    meterId: meter.id,
    interval: 'month',
    tiers: [{ upTo: 1000, unitAmountUsdc: '0' }, { upTo: null, unitAmountUsdc: '0.002' }],
  });
  // @ts-expect-error a licensed price needs its amount
  await billing.products.createPrice('prod_1', { interval: 'month' });
  await billing.subscriptions.create({
    merchantRef: 'r4',
    customerId: customer.id,
    items: [{ priceId: 'price_seat', quantity: 3 }, { priceId: 'price_calls' }],
    maxAmountPerPeriodUsdc: '100',
  });
  await billing.meterEvents.create({ eventName: meter.eventName, customerId: customer.id, value: 25, identifier: 'req_1' });
  // @ts-expect-error an event needs its customer's id or wallet
  await billing.meterEvents.create({ eventName: meter.eventName, value: 25 });
  const accepted: number = (await billing.meterEvents.createBatch({ events: [{ eventName: meter.eventName, customerWallet: customer.wallet }] })).accepted;
  const usage: SubscriptionUsage = await billing.subscriptions.usage('sub_1');
  const usageAmount: string | undefined = usage.items[0]?.amountUsdc;
  const usageQuantity: number | undefined = usage.items[0]?.quantity;
  const maximum: string | null = same.maxAmountPerPeriodUsdc;
  void [accepted, usageAmount, usageQuantity, maximum, same.items];
  const clock = await billing.testClock.change({ advanceBySeconds: 60 });
  try {
    await billing.account.retrieve();
  } catch (error) {
    if (error instanceof RateLimitError) {
      const seconds: number | undefined = error.retryAfter;
      void seconds;
    }
    if (error instanceof BillingError) {
      const fields: [string | undefined, number | undefined, string | undefined] = [error.code, error.status, error.requestId];
      void fields;
    }
  }
  // @ts-expect-error amounts in answers are strings, not numbers
  const wrong: number = refunded.amountUsdc;
  void [amount, url, same, page, event, clock.effectiveNow, wrong, gasCostWei, mandateGas, portalAction, authorized];
}
