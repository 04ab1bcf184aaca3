import type { ListCall } from '../pagination.js';
import type { ListParams } from '../pagination.js';
import type { RequestOptions } from '../transport.js';
import type { CouponCreateParams, PromotionCodeCreateParams, PromotionCodeListParams } from '../params.js';
import type { Coupon, PromotionCode } from '../types.js';
import { id, Resource } from './resource.js';

/** /v1/coupons: discounts subscriptions redeem by `couponId`, or customers through a promotion code. */
export class Coupons extends Resource {
  /** Exactly one of `percentOff` (at most 2 decimals) and `amountOffUsdc`; event `coupon.created`. */
  create(params: CouponCreateParams, options?: RequestOptions): Promise<Coupon> {
    return this.unwrap('coupon', { method: 'POST', path: '/v1/coupons', body: params }, options);
  }

  /** Newest first. */
  list(params: ListParams = {}, options?: RequestOptions): ListCall<Coupon, ListParams> {
    return this.listCall('/v1/coupons', 'coupons', params, options);
  }

  retrieve(couponId: string, options?: RequestOptions): Promise<Coupon> {
    return this.unwrap('coupon', { method: 'GET', path: `/v1/coupons/${id(couponId)}` }, options);
  }

  /** No more redemptions; subscriptions that have its discount keep it. Disabling it again changes nothing. */
  disable(couponId: string, options?: RequestOptions): Promise<Coupon> {
    return this.unwrap('coupon', { method: 'POST', path: `/v1/coupons/${id(couponId)}/disable`, body: {} }, options);
  }
}

/** /v1/promotion_codes: what customers type for a coupon, unique in any case within the key's merchant and mode. */
export class PromotionCodes extends Resource {
  /** A code the mode has already, in any case: 409 `promotion_code_exists`; an unknown coupon: 400 `coupon_not_found`. */
  create(params: PromotionCodeCreateParams, options?: RequestOptions): Promise<PromotionCode> {
    return this.unwrap('promotionCode', { method: 'POST', path: '/v1/promotion_codes', body: params }, options);
  }

  /** Newest first; `code` matches in any case, `couponId` the codes of one coupon. */
  list(
    params: PromotionCodeListParams = {},
    options?: RequestOptions,
  ): ListCall<PromotionCode, PromotionCodeListParams> {
    return this.listCall('/v1/promotion_codes', 'promotionCodes', params, options);
  }

  retrieve(promotionCodeId: string, options?: RequestOptions): Promise<PromotionCode> {
    return this.unwrap('promotionCode', { method: 'GET', path: `/v1/promotion_codes/${id(promotionCodeId)}` }, options);
  }

  /** Customers can no longer enter it; discounts it gave stay. */
  deactivate(promotionCodeId: string, options?: RequestOptions): Promise<PromotionCode> {
    return this.unwrap(
      'promotionCode',
      { method: 'POST', path: `/v1/promotion_codes/${id(promotionCodeId)}/deactivate`, body: {} },
      options,
    );
  }
}
