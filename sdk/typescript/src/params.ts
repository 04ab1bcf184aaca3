// The request bodies and list parameters of the API's operations, written from the schemas of openapi.json.
// An amount takes a decimal string (exact) or a number (docs/sdk-typescript.md, "Exact amounts").

import type { AmountInput } from './exact-json.js';
import type { ListParams } from './pagination.js';
import type {
  DiscountDuration,
  EventType,
  Interval,
  Metadata,
  MeterAggregation,
  PaymentLinkStatus,
  PaymentStatus,
  SubscriptionStatus,
  Timestamp,
} from './types.js';

/**
 * The customer of a new subscription or payment: its wallet, or the id of a customer of the key's merchant and mode
 * (unknown: 400 `customer_not_found`), or both when they agree (else 400 `customer_wallet_mismatch`).
 */
export type CustomerReference =
  | { customerWallet: string; customerId?: string | null }
  | { customerId: string; customerWallet?: string | null };

export type SubscriptionCreateParams = SubscriptionCreateFields & CustomerReference;

export interface SubscriptionCreateFields {
  merchantRef: string;
  /** A recurring price of the catalog; or give `amountUsdc` and `interval` instead. */
  priceId?: string | null;
  amountUsdc?: AmountInput | null;
  interval?: Interval | null;
  planId?: string | null;
  payoutAddressEvm?: string | null;
  metadata?: Metadata | null;
  successUrl?: string | null;
  cancelUrl?: string | null;
  /** Redeem this coupon: created with its discount, or refused. Not with `promotionCode`. */
  couponId?: string | null;
  /** Redeem this promotion code (any case). */
  promotionCode?: string | null;
  /** The hosted checkout offers a field for a promotion code, which re-prices the first payment. */
  allowPromotionCodes?: boolean | null;
  /**
   * 1 to 20 prices, licensed or metered, of one interval, each once; instead of `priceId` or `amountUsdc`. The
   * licensed items are billed in advance, the metered ones in arrears on each renewal invoice.
   */
  items?: SubscriptionItemParams[] | null;
  /** Required with a metered item: the most one period's invoice may charge, at least the licensed items' sum. */
  maxAmountPerPeriodUsdc?: AmountInput | null;
}

export interface SubscriptionItemParams {
  priceId: string;
  /** A licensed item's quantity (whole, default 1). */
  quantity?: number | null;
}

export interface SubscriptionUpdateParams {
  amountUsdc?: AmountInput | null;
  interval?: Interval | null;
  planId?: string | null;
  metadata?: Metadata | null;
  /** Redeem this coupon for the subscription; `null` removes its discount. Sent alone (else 400 `invalid_discount`). */
  couponId?: string | null;
  /** Redeem this promotion code for the subscription; sent alone. */
  promotionCode?: string | null;
  /** A month or year price of the catalog: its amount and interval become the subscription's. */
  priceId?: string | null;
  /** What a change of amount does to the period under way (default `create_prorations`). */
  prorationBehavior?: ProrationBehavior | null;
}

export type ProrationBehavior = 'create_prorations' | 'always_invoice' | 'none';

/** The query of `GET /v1/invoices/upcoming`: the subscription and, optionally, a proposed change. */
export interface UpcomingInvoiceParams {
  subscriptionId: string;
  /** A proposed amount per period, written exactly (a string or a number with at most 6 decimals). */
  amountUsdc?: AmountInput;
  priceId?: string;
  prorationBehavior?: ProrationBehavior;
}

export interface CouponCreateParams {
  name: string;
  /** Above 0, at most 100, at most 2 decimals: a decimal string (exact) or a number. */
  percentOff?: AmountInput | null;
  amountOffUsdc?: AmountInput | null;
  duration: DiscountDuration;
  /** 1-120, with `repeating` only. */
  durationInMonths?: number | null;
  maxRedemptions?: number | null;
  redeemBy?: Timestamp | null;
  metadata?: Metadata | null;
}

export interface PromotionCodeCreateParams {
  couponId: string;
  /** 3-40 letters, digits, `_` or `-`. */
  code: string;
  maxRedemptions?: number | null;
  expiresAt?: Timestamp | null;
  metadata?: Metadata | null;
}

export interface PromotionCodeListParams extends ListParams {
  /** This code, matched in any case. */
  code?: string;
  couponId?: string;
}

export interface SubscriptionListParams extends ListParams {
  status?: SubscriptionStatus;
  merchantRef?: string;
  customerWallet?: string;
  customerId?: string;
}

export interface MandateParams {
  onChainSubscriptionId?: string | null;
}

export interface CancelParams {
  /** Cancel now rather than at the period's end. */
  immediate?: boolean | null;
}

export interface InvoiceListParams extends ListParams {
  subscriptionId?: string;
}

export interface ChargeParams {
  /** Sandbox only: the outcome the simulated charge takes. */
  sandboxMode?: 'success' | 'insufficient_balance' | 'allowance_revoked' | null;
}

export interface RefundParams {
  /** Part of the paid amount; the whole rest when absent. */
  amountUsdc?: AmountInput | null;
}

export type PaymentCreateParams = PaymentCreateFields & CustomerReference;

export interface PaymentCreateFields {
  merchantRef: string;
  amountUsdc?: AmountInput | null;
  priceId?: string | null;
  payoutAddressEvm?: string | null;
  metadata?: Metadata | null;
  successUrl?: string | null;
  cancelUrl?: string | null;
}

export interface PaymentListParams extends ListParams {
  status?: PaymentStatus;
}

export interface CustomerCreateParams {
  /** An EVM address, any case; kept lower case. */
  wallet: string;
  /** At most 254 characters, one `@`, no spaces (else 400 `invalid_email`). */
  email?: string | null;
  /** At most 200 characters. */
  name?: string | null;
  metadata?: Metadata | null;
}

/** A field left out stays as it is; the wallet never changes. */
export interface CustomerUpdateParams {
  /** null or `''` clears it. */
  email?: string | null;
  /** null or `''` clears it. */
  name?: string | null;
  /** Merged key by key into the customer's; a `''` value removes its key. */
  metadata?: Metadata | null;
}

export interface CustomerListParams extends ListParams {
  /** The customer of this wallet, matched in any case. */
  wallet?: string;
  /** The customers of this email, matched exactly in any case. */
  email?: string;
}

export interface PaymentLinkCreateParams {
  amountUsdc?: AmountInput | null;
  priceId?: string | null;
  description?: string | null;
  merchantRefPrefix?: string | null;
  payoutAddressEvm?: string | null;
  maxUses?: number | null;
  expiresAt?: Timestamp | Date | null;
  collectEmail?: boolean | null;
  collectName?: boolean | null;
  metadata?: Metadata | null;
  successUrl?: string | null;
  cancelUrl?: string | null;
}

export interface PaymentLinkListParams extends ListParams {
  status?: PaymentLinkStatus;
}

/** A licensed price (`amountUsdc`), or a metered one (`usageType: 'metered'`, a meter, a unit amount or tiers). */
export type PriceCreateParams = LicensedPriceCreateParams | MeteredPriceCreateParams;

export interface LicensedPriceCreateParams {
  amountUsdc: AmountInput;
  interval: Interval | 'once';
  trialDays?: number | null;
  usageType?: 'licensed' | null;
}

export interface MeteredPriceCreateParams {
  usageType: 'metered';
  meterId: string;
  interval: Interval;
  trialDays?: number | null;
  /** The amount per unit, at most 6 decimals (`'0.000125'`); or give `tiers`. */
  unitAmountUsdc?: AmountInput | null;
  /** Graduated tiers instead of `unitAmountUsdc`: `upTo` ascending, the last one null. */
  tiers?: PriceTierParams[] | null;
}

export interface PriceTierParams {
  /** The last unit of the tier (whole); null for the last tier, and only for it. */
  upTo: number | null;
  unitAmountUsdc: AmountInput;
  /** Charged once when any unit falls in the tier; default 0. */
  flatAmountUsdc?: AmountInput | null;
}

export interface MeterCreateParams {
  /** A letter, then up to 99 letters, digits, `_ . : -`; unique within the merchant and mode (409 `meter_exists`). */
  eventName: string;
  aggregation: MeterAggregation;
  displayName?: string | null;
  /** The field of an event's `payload` that holds its value; default `value`. */
  valueKey?: string | null;
}

/** One usage event of a customer (by id or wallet) for the meter of `eventName`. */
export type MeterEventCreateParams = MeterEventFields & MeterEventCustomer;

export type MeterEventCustomer =
  | { customerId: string; customerWallet?: string | null }
  | { customerWallet: string; customerId?: string | null };

export interface MeterEventFields {
  eventName: string;
  /** Makes retries safe: the same identifier within 35 days counts once. Default: a random `mev_...`. */
  identifier?: string | null;
  /** When the usage happened (default now): within the last 35 days, at most 5 minutes ahead. */
  timestamp?: Timestamp | Date | null;
  /** A whole number, 0 to 1,000,000,000,000; default 1 for a `count` meter, else read from `payload`. */
  value?: number | null;
  /** Free fields; the number under the meter's `valueKey` is the value when `value` is not given. */
  payload?: Record<string, unknown> | null;
}

export interface MeterEventBatchCreateParams {
  /** 1 to 1,000 events, sent all or nothing. */
  events: MeterEventCreateParams[];
}

export interface ProductCreateParams {
  name: string;
  description?: string | null;
  prices?: PriceCreateParams[] | null;
}

export interface ProductUpdateParams {
  active?: boolean;
  name?: string;
  description?: string | null;
}

export interface PriceUpdateParams {
  active: boolean;
}

export interface WebhookEndpointCreateParams {
  url: string;
  enabledEvents?: (EventType | '*')[] | null;
  description?: string | null;
}

export interface WebhookEndpointUpdateParams {
  url?: string;
  enabledEvents?: (EventType | '*')[] | null;
  description?: string | null;
  disabled?: boolean;
}

export interface RotateSecretParams {
  /** How long the old secret keeps signing beside the new one. */
  overlapSeconds?: number | null;
}

export interface EventListParams extends ListParams {
  type?: EventType;
  subjectId?: string;
}

export interface RedeliverParams {
  /** Only to this endpoint; to every subscribed endpoint when absent. */
  endpointId?: string | null;
}

/** A portal link for the customer's wallet; `returnUrl` is where the portal sends them back to. */
export interface PortalSessionCreateParams {
  customerWallet: string;
  returnUrl?: string;
}

/** Freeze the test clock at an instant (`null` unfreezes it), or move it forward. */
export type TestClockChangeParams = { frozenAt: Timestamp | Date | null } | { advanceBySeconds: number };

export interface AccountUpdateParams {
  displayName?: string | null;
  payoutAddressEvm?: string | null;
  brandName?: string | null;
  accentColor?: string | null;
  requireTotp?: boolean;
  /** 3 to 12 upper-case letters and digits; null goes back to the default prefix. */
  invoicePrefix?: string | null;
}
