// The errors the client throws. The `type` follows from the HTTP status and the API's code, the same way in every
// client library of the platform: see docs/sdk-typescript.md, "Errors".

/** The kind of an error; one subclass of `BillingError` per kind. */
export type ErrorType =
  | 'authentication_error'
  | 'invalid_request_error'
  | 'not_found_error'
  | 'idempotency_error'
  | 'rate_limit_error'
  | 'api_error'
  | 'connection_error'
  | 'signature_verification_error';

export interface BillingErrorFields {
  message: string;
  code?: string | undefined;
  status?: number | undefined;
  requestId?: string | undefined;
  param?: string | undefined;
  raw?: unknown;
  headers?: Headers | undefined;
  cause?: unknown;
}

/** Every error of the client: `code` is the API's machine-readable reason, `status` the HTTP status (absent for a
 * connection error), `requestId` the request's id to quote to support, `param` the field a validation error names. */
export class BillingError extends Error {
  readonly type: ErrorType = 'api_error';
  readonly code: string | undefined;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly param: string | undefined;
  /** The error's body as the API sent it (parsed JSON, or the text when it was not JSON). */
  readonly raw: unknown;
  /** The answer's headers (Retry-After, x-request-id), when there was an answer. */
  readonly headers: Headers | undefined;

  constructor(fields: BillingErrorFields) {
    super(fields.message, fields.cause === undefined ? undefined : { cause: fields.cause });
    this.name = new.target.name;
    this.code = fields.code;
    this.status = fields.status;
    this.requestId = fields.requestId;
    this.param = fields.param;
    this.raw = fields.raw;
    this.headers = fields.headers;
  }
}

/** 401 or 403: the key is missing, unknown, revoked, or may not do this. */
export class AuthenticationError extends BillingError {
  override readonly type = 'authentication_error' as const;
}

/** 400, 413, 415, 422 and 409 state conflicts: the request cannot succeed as it is; `param` names a bad field. */
export class InvalidRequestError extends BillingError {
  override readonly type = 'invalid_request_error' as const;
}

/** 404: no such object for this key's merchant and mode. */
export class NotFoundError extends BillingError {
  override readonly type = 'not_found_error' as const;
}

/** 409 `idempotency_error` (the key was used with another request) or `idempotency_in_progress`. */
export class IdempotencyError extends BillingError {
  override readonly type = 'idempotency_error' as const;
}

/** 429 `rate_limited`; `retryAfter` is the answer's Retry-After in seconds. */
export class RateLimitError extends BillingError {
  override readonly type = 'rate_limit_error' as const;

  get retryAfter(): number | undefined {
    return retryAfterSeconds(this.headers);
  }
}

/** 5xx, or an answer that is not the API's error JSON. */
export class ApiError extends BillingError {
  override readonly type = 'api_error' as const;
}

/** No answer: the connection failed or was cut, or the request timed out (`code` is `timeout`). */
export class ConnectionError extends BillingError {
  override readonly type = 'connection_error' as const;
}

/** A webhook delivery that did not verify; `code` says why (`missing_header`, `malformed_header`,
 * `timestamp_out_of_tolerance`, `no_matching_signature`). Answer it with a 4xx and do not act on it. */
export class SignatureVerificationError extends BillingError {
  override readonly type = 'signature_verification_error' as const;
}

/** The error for an answer with `status` and its (parsed) body. */
export function errorFromAnswer(status: number, body: unknown, headers: Headers): BillingError {
  const error = isErrorBody(body) ? body : undefined;
  const code = error?.code;
  const fields: BillingErrorFields = {
    message: error?.error ?? `HTTP ${status}` + (typeof body === 'string' && body ? `: ${body.slice(0, 200)}` : ''),
    code,
    status,
    requestId: error?.requestId ?? headers.get('x-request-id') ?? undefined,
    param: error?.param,
    raw: body,
    headers,
  };
  if (error === undefined || status >= 500) return new ApiError(fields);
  if (status === 401 || status === 403) return new AuthenticationError(fields);
  if (status === 404) return new NotFoundError(fields);
  if (status === 409 && (code === 'idempotency_error' || code === 'idempotency_in_progress')) {
    return new IdempotencyError(fields);
  }
  if (status === 429) return new RateLimitError(fields);
  if (status >= 400) return new InvalidRequestError(fields);
  return new ApiError(fields);
}

interface ErrorBody {
  error: string;
  code: string;
  requestId?: string;
  param?: string;
}

function isErrorBody(body: unknown): body is ErrorBody {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as ErrorBody).error === 'string' &&
    typeof (body as ErrorBody).code === 'string'
  );
}

/** Whole seconds from a Retry-After header, if it holds a number. */
export function retryAfterSeconds(headers: Headers | undefined): number | undefined {
  const value = headers?.get('retry-after');
  if (value == null || !/^\d+(\.\d+)?$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
