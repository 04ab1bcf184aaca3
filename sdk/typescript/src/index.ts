export { Billing, type BillingOptions } from './client.js';
export {
  ApiError,
  AuthenticationError,
  BillingError,
  ConnectionError,
  IdempotencyError,
  InvalidRequestError,
  NotFoundError,
  RateLimitError,
  SignatureVerificationError,
  type ErrorType,
} from './errors.js';
export { AmountFormatError, parseJson, writeJson, type AmountInput } from './exact-json.js';
export { OPERATIONS } from './operations.js';
export { ListCall, type ListParams, type Page } from './pagination.js';
export { API_VERSION, type RequestOptions } from './transport.js';
export { VERSION } from './version.js';
export {
  constructEvent,
  DEFAULT_TOLERANCE_SECONDS,
  Webhooks,
  type ConstructEventOptions,
  type WebhookHeaderInput,
} from './webhooks.js';
export type { LogoType } from './resources/account.js';
export type * from './params.js';
export type * from './types.js';
