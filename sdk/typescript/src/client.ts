import { Account } from './resources/account.js';
import { Coupons, PromotionCodes } from './resources/coupons.js';
import { Customers } from './resources/customers.js';
import { Events } from './resources/events.js';
import { Invoices } from './resources/invoices.js';
import { MeterEvents, Meters } from './resources/meters.js';
import { PaymentLinks } from './resources/payment-links.js';
import { Payments } from './resources/payments.js';
import { PortalSessions } from './resources/portal-sessions.js';
import { Prices, Products } from './resources/products.js';
import { Subscriptions } from './resources/subscriptions.js';
import { TestClock } from './resources/test-clock.js';
import { WebhookEndpoints } from './resources/webhook-endpoints.js';
import { DEFAULT_BASE_URL, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, Transport } from './transport.js';
import { Webhooks } from './webhooks.js';

export interface BillingOptions {
  /** The API key; default: the environment's BILLING_API_KEY. */
  apiKey?: string;
  /** The API's address; default: BILLING_BASE_URL, else http://localhost:8080. */
  baseUrl?: string;
  /** Retries of a retryable failure per call; default 2. */
  maxRetries?: number;
  /** Milliseconds one attempt may take; default 30 000. */
  timeout?: number;
  /** The fetch to send with; default: the platform's. */
  fetch?: typeof fetch;
}

/** The client of the billing API: one per API key, kept for the application's life. */
export class Billing {
  readonly subscriptions: Subscriptions;
  readonly invoices: Invoices;
  readonly payments: Payments;
  readonly customers: Customers;
  readonly coupons: Coupons;
  readonly promotionCodes: PromotionCodes;
  readonly meters: Meters;
  readonly meterEvents: MeterEvents;
  readonly paymentLinks: PaymentLinks;
  readonly products: Products;
  readonly prices: Prices;
  readonly webhookEndpoints: WebhookEndpoints;
  readonly events: Events;
  readonly testClock: TestClock;
  readonly portalSessions: PortalSessions;
  readonly account: Account;
  readonly webhooks: Webhooks = new Webhooks();

  constructor(options: BillingOptions = {}) {
    const apiKey = options.apiKey ?? environment('BILLING_API_KEY');
    if (apiKey === undefined || apiKey === '') {
      throw new Error('@abk/billing needs an API key: pass { apiKey } or set BILLING_API_KEY');
    }
    const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
    const timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    if (!Number.isInteger(maxRetries) || maxRetries < 0) throw new RangeError('maxRetries is a whole number, 0 or more');
    if (!(timeout > 0)) throw new RangeError('timeout is a number of milliseconds above 0');
    const fetchFunction = options.fetch ?? globalThis.fetch;
    if (typeof fetchFunction !== 'function') throw new Error('@abk/billing needs fetch (Node 18+, or pass { fetch })');
    const transport = new Transport({
      apiKey,
      baseUrl: options.baseUrl ?? environment('BILLING_BASE_URL') ?? DEFAULT_BASE_URL,
      maxRetries,
      timeout,
      fetch: fetchFunction,
    });
    this.subscriptions = new Subscriptions(transport);
    this.invoices = new Invoices(transport);
    this.payments = new Payments(transport);
    this.customers = new Customers(transport);
    this.coupons = new Coupons(transport);
    this.promotionCodes = new PromotionCodes(transport);
    this.meters = new Meters(transport);
    this.meterEvents = new MeterEvents(transport);
    this.paymentLinks = new PaymentLinks(transport);
    this.products = new Products(transport);
    this.prices = new Prices(transport);
    this.webhookEndpoints = new WebhookEndpoints(transport);
    this.events = new Events(transport);
    this.testClock = new TestClock(transport);
    this.portalSessions = new PortalSessions(transport);
    this.account = new Account(transport);
  }
}

/** A variable of the environment where there is one (Node, Deno, Bun); edge runtimes have none. */
function environment(name: string): string | undefined {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const value = env?.[name];
  return value === '' ? undefined : value;
}
