/** The merchant's webhook endpoints (control plane, PostgreSQL), scoped by merchant and mode; delivery is the sender's. */
@NullMarked
package io.abk.billing.gateway.api.webhook;

import org.jspecify.annotations.NullMarked;
