/**
 * The operator API under {@code /admin/v1} (admin token): merchants, their API keys (issue, rotate,
 * revoke) and the audit log. The routes only parse and render; the services in {@code merchant}, {@code auth}
 * and {@code audit} do the work.
 */
@NullMarked
package io.abk.billing.gateway.admin;

import org.jspecify.annotations.NullMarked;
