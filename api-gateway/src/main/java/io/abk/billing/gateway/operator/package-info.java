/**
 * The operator API under {@code /admin/v1}: its routes over the control plane, its own listener when
 * {@code BILLING_ADMIN_PORT} is set, and the demo merchant of the local stack.
 */
@NullMarked
package io.abk.billing.gateway.operator;

import org.jspecify.annotations.NullMarked;
