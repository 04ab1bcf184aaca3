/**
 * The webhook sender (docs/architecture.md, "Webhooks"): fans each billing event out to the merchant's endpoints of its
 * mode, signs and POSTs it, retries through Kafka retry topics, and logs every attempt in PostgreSQL.
 */
@NullMarked
package io.abk.billing.webhooks;

import org.jspecify.annotations.NullMarked;
