/**
 * The operator API's own listener: with {@code BILLING_ADMIN_PORT} set (required under the production profile),
 * {@code /admin/v1} is served only on that port and the public port answers it like any unknown path
 * (docs/operations.md, "The operator API's port"); unset, it stays on the API port, as the local stack has it.
 */
@NullMarked
package io.abk.billing.gateway.operator.adminport;

import org.jspecify.annotations.NullMarked;
