// The API's resources and answers, written from the schemas of openapi.json
// (api-gateway/src/main/resources/openapi/openapi.json); the request bodies are in params.ts. Amounts are strings
// holding the JSON number's exact text (`"25.5"`; docs/sdk-typescript.md, "Exact amounts"). Fields an answer has
// beyond these types are kept on the objects.

/** An amount of USDC: the exact decimal text of the API's JSON number, at most six decimals. */
export type Amount = string;
/** An instant, ISO-8601 in UTC with a `Z`. */
export type Timestamp = string;
export type Mode = 'test' | 'live';
export type Metadata = Record<string, string>;
export type Interval = 'month' | 'year';

export type SubscriptionStatus = 'incomplete' | 'active' | 'past_due' | 'canceled' | 'paused';
export type InvoiceStatus = 'open' | 'paid' | 'void' | 'uncollectible' | 'refunded';
export type PaymentStatus = 'open' | 'paid' | 'canceled' | 'expired';
export type PaymentLinkStatus = 'active' | 'disabled' | 'expired';
export type EventType =
  | 'subscription.created'
  | 'subscription.activated'
  | 'subscription.updated'
  | 'subscription.past_due'
  | 'subscription.canceled'
  | 'subscription.paused'
  | 'subscription.resumed'
  | 'subscription.allowance_low'
  | 'invoice.upcoming'
  | 'invoice.created'
  | 'invoice.finalized'
  | 'invoice.paid'
  | 'invoice.payment_failed'
  | 'invoice.refunded'
  | 'invoice.voided'
  | 'invoice.reopened'
  | 'payment.created'
  | 'payment.paid'
  | 'payment.confirmed'
  | 'payment.reopened'
  | 'customer.created'
  | 'customer.updated'
  | 'coupon.created'
  | 'coupon.updated'
  | 'promotion_code.created'
  | 'promotion_code.updated';

export interface Subscription {
  id: string;
  object: 'subscription';
  status: SubscriptionStatus;
  amountUsdc: Amount;
  interval: Interval;
  walletAddress: string;
  /** The customer of the wallet. */
  customerId: string;
  payoutAddressEvm: string;
  merchantRef: string;
  priceId: string | null;
  planId: string | null;
  currentPeriodStart: Timestamp;
  currentPeriodEnd: Timestamp;
  billingCycleAnchor: Timestamp;
  trialEnd: Timestamp | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Timestamp | null;
  pausedAt: Timestamp | null;
  mandateStatus: 'pending' | 'active' | 'revoked';
  onChainSubscriptionId: string | null;
  /** The latest signed mandate the checkout submitted (subscribe by signature); null when none was. */
  mandateSignature: MandateSignature | null;
  /** The action the customer signed last in the customer portal, submitted by the relayer; null when there was none. */
  lastCustomerAction: CustomerAction | null;
  latestInvoiceId: string | null;
  /** The coupon the subscription's invoices are discounted by, while it lasts; null when none. */
  discount: Discount | null;
  /** Lines waiting for the next invoice: the prorations of a change of amount, a carried credit. */
  pendingInvoiceLines: InvoiceLine[];
  /** The prices of a subscription created with `items`; empty for one created by `priceId` or ad hoc. */
  items: SubscriptionItem[];
  /** With a metered item: the most one period's invoice may charge, which the mandate is signed for; else null. */
  maxAmountPerPeriodUsdc: Amount | null;
  successUrl: string | null;
  cancelUrl: string | null;
  metadata: Metadata;
  mode: Mode;
  createdAt: Timestamp;
}

/** The on-chain mandate behind a subscription, read from the chain (`available: false` with a `reason` when not). */
export interface SubscriptionMandate {
  object: 'subscription_mandate';
  subscription: string;
  mode: Mode;
  network: { name: string; chainId: number };
  vaultAddress: string | null;
  reference: string | null;
  walletAddress: string | null;
  tokenAddress: string;
  allowance: Amount | null;
  walletBalance: Amount | null;
  amount: Amount;
  periodsCovered: number | null;
  chargesMade: number | null;
  readAt: Timestamp | null;
  available: boolean;
  reason?: 'sandbox' | 'not_on_chain' | 'chain_unavailable';
}

export interface Invoice {
  id: string;
  object: 'invoice';
  subscriptionId: string;
  /** The subscription's customer; null on an invoice last changed before customers existed. */
  customerId: string | null;
  status: InvoiceStatus;
  /** The total, what is charged: `subtotalUsdc` less `discountUsdc`, the sum of the lines' amounts. */
  amountUsdc: Amount;
  amountRefundedUsdc: Amount;
  /** The sum of the lines that are not discounts. */
  subtotalUsdc: Amount;
  /** What the discount lines take off the subtotal, as a positive amount (`"0"` without discounts). */
  discountUsdc: Amount;
  /** What the invoice is made of, at least one line; an invoice of a subscription's period has one `subscription` line. */
  lines: InvoiceLine[];
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_resume';
  periodStart: Timestamp;
  periodEnd: Timestamp;
  dueAt: Timestamp;
  attemptCount: number;
  nextAttemptAt: Timestamp | null;
  failureCode: string | null;
  failureMessage: string | null;
  paidAt: Timestamp | null;
  txHash: string | null;
  /**
   * The gas the platform's relayer paid for the transaction that paid the invoice (this invoice's share when that
   * transaction charged many subscriptions); null when none did.
   */
  gasUsed: number | null;
  /** That gas's cost in wei, a decimal string (exact: it outgrows a number's safe integers). */
  gasCostWei: string | null;
  refundTxHash: string | null;
  refundedAt: Timestamp | null;
  voidedAt: Timestamp | null;
  /** `<prefix>-000001`, gapless per merchant and mode; null until the invoice is finalized (`invoice.finalized`). */
  number: string | null;
  finalizedAt: Timestamp | null;
  /** The invoice's public, printable page (an unguessable link); null until finalized. */
  hostedInvoiceUrl: string | null;
  mode: Mode;
  createdAt: Timestamp;
}

export type InvoiceLineKind = 'subscription' | 'proration' | 'discount' | 'usage';

/** One line of an invoice: what it charges, or takes off, for a period. */
export interface InvoiceLine {
  kind: InvoiceLineKind;
  /** The line as the customer reads it, e.g. `12 USDC per month`. */
  description: string;
  periodStart: Timestamp;
  periodEnd: Timestamp;
  /** 1 for a subscription line; the period's usage for a usage line. */
  quantity: number;
  /** 0 on a usage line of a tiered price. */
  unitAmountUsdc: Amount;
  /** `quantity` times `unitAmountUsdc` (or what the tiers make of it); negative for a discount or a credit. */
  amountUsdc: Amount;
}

export interface Payment {
  id: string;
  object: 'payment';
  status: PaymentStatus;
  amountUsdc: Amount;
  amountReceivedUsdc: Amount | null;
  customerWallet: string | null;
  /** The customer of the wallet; null while the wallet is not known. */
  customerId: string | null;
  payoutAddressEvm: string;
  merchantRef: string;
  priceId: string | null;
  paymentLinkId: string | null;
  description: string | null;
  checkoutUrl: string;
  successUrl: string | null;
  cancelUrl: string | null;
  customerEmail: string | null;
  customerName: string | null;
  metadata: Metadata;
  expiresAt: Timestamp;
  paidAt: Timestamp | null;
  paidLate: boolean;
  txHash: string | null;
  /** The latest EIP-3009 transfer authorization the checkout submitted (pay by signature); null when none was. */
  authorization: TransferAuthorization | null;
  mode: Mode;
  createdAt: Timestamp;
}

/** Where a signature handed to the platform's relayer stands. */
export type SubmissionStatus = 'pending' | 'submitted' | 'failed';

/**
 * A signed mandate (subscribe by signature): the customer's signed terms, which the platform's relayer submitted to
 * the subscription vault, paying the gas; `gasCostWei` is a decimal string of wei.
 */
export interface MandateSignature {
  status: SubmissionStatus;
  wallet: string;
  periods: number;
  deadline: Timestamp;
  txHash: string | null;
  gasUsed: number | null;
  gasCostWei: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  submittedAt: Timestamp;
}

/**
 * An action the customer signed in the customer portal, which the platform's relayer submitted, paying the gas:
 * `revoke` (a signed cancel of the mandate) or `raise_allowance` (a permit raising the vault's allowance). The mandate
 * turns `revoked` when the vault's cancel is seen on chain.
 */
export interface CustomerAction {
  kind: 'revoke' | 'raise_allowance';
  status: SubmissionStatus;
  txHash: string | null;
  gasUsed: number | null;
  gasCostWei: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  submittedAt: Timestamp;
}

/**
 * A transfer authorization (pay by signature): the customer's signed EIP-3009 transfer, which the platform's relayer
 * submitted, paying the gas; the payment is paid when the transfer is seen on chain.
 */
export interface TransferAuthorization {
  status: SubmissionStatus;
  fromAddress: string;
  txHash: string | null;
  gasUsed: number | null;
  gasCostWei: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  submittedAt: Timestamp;
}

export type DiscountDuration = 'once' | 'repeating' | 'forever';

/** A coupon: a percentage or an amount of USDC off each invoice it applies to. Decimals are exact strings. */
export interface Coupon {
  /** `coupon_...` */
  id: string;
  object: 'coupon';
  name: string;
  /** At most 2 decimals (`'12.5'`); null for an amount off. */
  percentOff: Amount | null;
  amountOffUsdc: Amount | null;
  duration: DiscountDuration;
  durationInMonths: number | null;
  maxRedemptions: number | null;
  timesRedeemed: number;
  redeemBy: Timestamp | null;
  /** False once disabled, past `redeemBy` or fully redeemed. */
  valid: boolean;
  metadata: Metadata;
  mode: Mode;
  createdAt: Timestamp;
  disabledAt: Timestamp | null;
}

/** A code customers type for a coupon; its id is derived from the code (any case). */
export interface PromotionCode {
  /** `promo_...` */
  id: string;
  object: 'promotion_code';
  code: string;
  couponId: string;
  active: boolean;
  maxRedemptions: number | null;
  timesRedeemed: number;
  expiresAt: Timestamp | null;
  metadata: Metadata;
  mode: Mode;
  createdAt: Timestamp;
}

/** The coupon a subscription's invoices are discounted by, as it was when redeemed. */
export interface Discount {
  couponId: string;
  couponName: string | null;
  promotionCodeId: string | null;
  percentOff: Amount | null;
  amountOffUsdc: Amount | null;
  duration: DiscountDuration;
  durationInMonths: number | null;
  start: Timestamp;
  end: Timestamp | null;
}

/** A customer: one wallet (lower case, never changed) within a merchant and mode. */
export interface Customer {
  /** `cus_...`, derived from the merchant, the mode and the wallet. */
  id: string;
  object: 'customer';
  wallet: string;
  email: string | null;
  name: string | null;
  metadata: Metadata;
  mode: Mode;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface PaymentLink {
  id: string;
  object: 'payment_link';
  status: PaymentLinkStatus;
  amountUsdc: Amount;
  description: string | null;
  useCount: number;
  maxUses: number | null;
  paidCount: number;
  expiresAt: Timestamp | null;
  merchantRefPrefix: string;
  payoutAddressEvm: string;
  priceId: string | null;
  url: string;
  successUrl: string | null;
  cancelUrl: string | null;
  collectEmail: boolean;
  collectName: boolean;
  metadata: Metadata;
  disabledAt: Timestamp | null;
  mode: Mode;
  createdAt: Timestamp;
}

/** `licensed`: a fixed amount per period (times a quantity); `metered`: a meter's usage, billed in arrears. */
export type UsageType = 'licensed' | 'metered';

/**
 * A catalog price: an amount per month, per year or once (`licensed`), or a meter's usage per month or year
 * (`metered`) at `unitAmountUsdc` per unit or by graduated `tiers`.
 */
export interface Price {
  id: string;
  productId: string;
  /** A licensed price's amount per interval; a metered price's unit amount, null with tiers. */
  amountUsdc: Amount | null;
  interval: Interval | 'once';
  trialDays: number;
  usageType: UsageType;
  /** A metered price's meter (`mtr_...`); null for a licensed price. */
  meterId: string | null;
  /** A metered price's amount per unit; null for a licensed price or with tiers. */
  unitAmountUsdc?: Amount | null;
  /** A tiered metered price's tiers; null otherwise. */
  tiers: PriceTier[] | null;
  active: boolean;
  mode: Mode;
  createdAt: Timestamp;
}

/**
 * One graduated tier: the units of a period up to `upTo` (null for the last tier) cost `unitAmountUsdc` each, plus
 * `flatAmountUsdc` once when any unit falls in it.
 */
export interface PriceTier {
  upTo: number | null;
  unitAmountUsdc: Amount;
  flatAmountUsdc: Amount;
}

/** One price of a subscription created with items: licensed (in advance, times `quantity`) or metered (in arrears). */
export interface SubscriptionItem {
  /** `si_...` */
  id: string;
  priceId: string;
  usageType: UsageType;
  /** A licensed item's quantity. */
  quantity: number;
  /** A metered item's meter; null (or absent) for a licensed item. */
  meterId?: string | null;
  /** The amount of one unit; `'0'` for a tiered item. */
  unitAmountUsdc: Amount;
  /** A tiered metered item's tiers; null (or absent) otherwise. */
  tiers?: PriceTier[] | null;
}

/** How a period's events make its quantity: their sum, their count, or their largest value. */
export type MeterAggregation = 'sum' | 'count' | 'max';

/** What a metered price counts: the meter events of one `eventName`, aggregated per subscription item and period. */
export interface Meter {
  /** `mtr_...` */
  id: string;
  object: 'meter';
  eventName: string;
  aggregation: MeterAggregation;
  displayName: string | null;
  /** The name of the number in an event's `payload` that is its value (`value` unless set). */
  valueKey: string;
  /** `inactive` once deactivated: its events are refused (400 `meter_inactive`). */
  status: 'active' | 'inactive';
  livemode: boolean;
  createdAt: Timestamp;
}

/** A meter event as accepted: sent to Kafka, counted shortly after. */
export interface MeterEvent {
  object: 'meter_event';
  eventName: string;
  /** As given, or the `mev_...` made for it. */
  identifier: string;
  timestamp: Timestamp;
  customerId: string;
  /** A whole number, 0 to 1,000,000,000,000. */
  value: number;
}

/** The answer to a batch: every event was sent (an error sends none). */
export interface MeterEventBatch {
  object: 'meter_event_batch';
  accepted: number;
}

/** A subscription's usage in its open usage period, one entry per metered item. */
export interface SubscriptionUsage {
  object: 'subscription_usage';
  subscriptionId: string;
  periodStart: Timestamp;
  periodEnd: Timestamp;
  /** When the usage processor summarised the quantities; null before the first summary (quantities 0). */
  asOf: Timestamp | null;
  items: SubscriptionUsageItem[];
}

/** One metered item's usage so far in the period. */
export interface SubscriptionUsageItem {
  itemId: string;
  priceId: string;
  meterId: string;
  eventName: string;
  /** The meter's aggregation of the period's events (exact text instead past 2^53, which no real period reaches). */
  quantity: number;
  eventCount: number;
  /** What the quantity costs at the item's unit amount or tiers, exactly as the renewal invoice will bill it. */
  amountUsdc: Amount;
}

export interface Product {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
  prices: Price[];
  mode: Mode;
  createdAt: Timestamp;
}

export interface WebhookEndpoint {
  id: string;
  url: string;
  /** Event types, or `*` for all of them. */
  enabledEvents: (EventType | '*')[];
  description: string | null;
  disabled: boolean;
  disabledReason: string | null;
  previousSecretExpiresAt: Timestamp | null;
  mode: Mode;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface DeliveryAttempt {
  id: string;
  object: 'webhook_delivery_attempt';
  endpointId: string;
  eventId: string;
  eventType: EventType;
  deliveryId: string;
  attempt: number;
  redelivery: boolean;
  outcome: 'succeeded' | 'failed' | 'skipped';
  statusCode: number | null;
  latencyMs: number | null;
  error: string | null;
  responseExcerpt: string | null;
  nextRetryAt: Timestamp | null;
  attemptedAt: Timestamp;
}

/** `invoice.upcoming`'s renewal: what the subscription will charge next; no invoice exists for it yet. */
export interface UpcomingInvoice {
  amountUsdc: Amount;
  periodStart: Timestamp;
  periodEnd: Timestamp;
  /** When the renewal is charged: the end of the current period. */
  dueAt: Timestamp;
}

/** The customer's wallet as the chain showed it for an upcoming renewal (simulated in the sandbox). */
export interface Funding {
  /** What the renewal will charge. */
  requiredUsdc: Amount;
  /** The wallet's USDC; null when not known. */
  balanceUsdc: Amount | null;
  /** USDC the wallet lets the vault take; null when not known. */
  allowanceUsdc: Amount | null;
  /** Whole renewals the allowance pays; exact text past 2^53 (an unlimited allowance over a tiny amount). */
  periodsCovered: number | string | null;
  /** Charges the signed mandate still allows; null when it has no limit. */
  chargesLeft: number | null;
  /** The block the figures were read at; null in the sandbox. */
  blockNumber: number | null;
}

/** What keeps an upcoming renewal from being charged as the chain stands. */
export interface FundingShortfall {
  /** USDC the wallet lacks; null when the balance is enough or not known. */
  balanceShortUsdc: Amount | null;
  /** USDC the allowance lacks; null when the allowance is enough or not known. */
  allowanceShortUsdc: Amount | null;
  /** The signed mandate has no charge left. */
  mandateExhausted: boolean;
}

/** An event, as listed and as delivered to webhook endpoints. */
export interface Event {
  id: string;
  type: EventType;
  createdAt: Timestamp;
  mode: Mode;
  data: {
    subscription?: Subscription;
    invoice?: Invoice;
    payment?: Payment;
    /** `customer.created` and `customer.updated`. */
    customer?: Customer;
    failureCode?: string | null;
    failureMessage?: string | null;
    refundAmountUsdc?: Amount | null;
    /** `invoice.upcoming` only. */
    upcomingInvoice?: UpcomingInvoice | null;
    /** `invoice.upcoming` and `subscription.allowance_low`: null when the chain could not be read. */
    funding?: Funding | null;
    /** `invoice.upcoming` only: null when nothing is short or the chain could not be read. */
    fundingShortfall?: FundingShortfall | null;
    /** `invoice.upcoming` and `subscription.allowance_low`: the customer portal's sign-in page. */
    portalUrl?: string | null;
  };
}

/** The event an endpoint's test sends (`webhook_endpoint.test`). */
export interface TestEvent {
  id: string;
  type: 'webhook_endpoint.test';
  createdAt: Timestamp;
  mode: Mode;
  data: { test: true; webhookEndpointId: string };
}

/** A one-use link into the customer portal (`POST /v1/portal_sessions`). */
export interface PortalSession {
  object: 'portal_session';
  /** The link: a secret, shown this once. */
  url: string;
  expiresAt: Timestamp;
  /** Lower-case 0x hex. */
  customerWallet: string;
  returnUrl: string | null;
  mode: Mode;
}

export interface TestClock {
  object: 'test_clock';
  frozenAt: Timestamp | null;
  effectiveNow: Timestamp;
  createdAt: Timestamp | null;
  updatedAt: Timestamp | null;
}

/** The merchant account of the API key. */
export interface Account {
  id: string;
  name: string;
  displayName: string | null;
  payoutAddressEvm: string | null;
  brandName: string | null;
  accentColor: string | null;
  logoPath: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  requireTotp: boolean;
  /** The prefix of the merchant's invoice numbers; null: one derived from the merchant id. */
  invoicePrefix: string | null;
}

export interface ChargeSummary {
  ok: boolean;
  failureCode: string | null;
  failureMessage: string | null;
  txHash: string | null;
}

// Answers that hold more than one object.

export interface CreatedSubscription {
  subscription: Subscription;
  invoice: Invoice;
  /** The hosted checkout page where the customer approves the mandate and pays the first invoice. */
  checkoutUrl: string;
}

export interface Activation {
  subscription: Subscription;
  invoice: Invoice | null;
  charge: ChargeSummary | null;
}

export interface ChargeResult {
  ok: boolean;
  invoice: Invoice;
  subscription: Subscription;
}

export interface CreatedPayment {
  payment: Payment;
  checkoutUrl: string;
}

export interface PaymentLinkWithUrl {
  paymentLink: PaymentLink;
  url: string;
}

export interface WebhookEndpointWithSecret {
  webhookEndpoint: WebhookEndpoint;
  /** `whsec_...`: verify deliveries with it (`constructEvent`); shown when created or rotated. */
  secret: string;
}

export interface RevealedWebhookSecret {
  secret: string;
  previousSecretExpiresAt: Timestamp | null;
}

export interface DeletedWebhookEndpoint {
  id: string;
  deleted: true;
}

export interface Redelivery {
  event: Event;
  deliveries: { deliveryId: string; endpointId: string; status: 'queued' }[];
}

/** A subscription's next invoice as it would be made (`GET /v1/invoices/upcoming`): a draft, not stored. */
export interface InvoicePreview {
  id: null;
  object: 'invoice';
  subscriptionId: string;
  customerId: string | null;
  number: null;
  status: 'draft';
  amountUsdc: Amount;
  subtotalUsdc: Amount;
  discountUsdc: Amount;
  lines: InvoiceLine[];
  billingReason: 'subscription_cycle' | 'subscription_update';
  periodStart: Timestamp;
  periodEnd: Timestamp;
  dueAt: Timestamp;
  mode: Mode;
}
