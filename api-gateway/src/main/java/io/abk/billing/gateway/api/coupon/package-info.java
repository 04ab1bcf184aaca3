/**
 * The merchant routes of coupons and promotion codes (create, get, list, disable or deactivate), sent as commands to
 * their own aggregates and read from the read model; and the redemption a subscription's create, update or hosted
 * checkout sends when it names a coupon or a code.
 */
@NullMarked
package io.abk.billing.gateway.api.coupon;

import org.jspecify.annotations.NullMarked;
