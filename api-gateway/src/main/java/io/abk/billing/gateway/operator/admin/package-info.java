/**
 * The operator API under {@code /admin/v1} (admin token): merchants, their API keys (issue, rotate,
 * revoke) and the audit log. The routes only parse and render; the control plane's services ({@code merchant},
 * {@code auth} and {@code audit}) do the work.
 */
@NullMarked
package io.abk.billing.gateway.operator.admin;

import org.jspecify.annotations.NullMarked;
