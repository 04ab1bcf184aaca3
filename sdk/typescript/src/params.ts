// The request bodies and list parameters of the API's operations, written from the schemas of openapi.json.
// An amount takes a decimal string (exact) or a number (docs/sdk-typescript.md, "Exact amounts").

import type { AmountInput } from './exact-json.js';
import type { ListParams } from './pagination.js';
import type {
  EventType,
  Interval,
  Metadata,
  PaymentLinkStatus,
  PaymentStatus,
  SubscriptionStatus,
  Timestamp,
} from './types.js';

export interface SubscriptionCreateParams {
  merchantRef: string;
  customerWallet: string;
  /** A recurring price of the catalog; or give `amountUsdc` and `interval` instead. */
  priceId?: string | null;
  amountUsdc?: AmountInput | null;
  interval?: Interval | null;
  planId?: string | null;
  payoutAddressEvm?: string | null;
  metadata?: Metadata | null;
  successUrl?: string | null;
  cancelUrl?: string | null;
}

export interface SubscriptionUpdateParams {
  amountUsdc?: AmountInput | null;
  interval?: Interval | null;
  planId?: string | null;
  metadata?: Metadata | null;
}

export interface SubscriptionListParams extends ListParams {
  status?: SubscriptionStatus;
  merchantRef?: string;
  customerWallet?: string;
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

export interface PaymentCreateParams {
  merchantRef: string;
  customerWallet: string;
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

export interface PriceCreateParams {
  amountUsdc: AmountInput;
  interval: Interval | 'once';
  trialDays?: number | null;
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
}
