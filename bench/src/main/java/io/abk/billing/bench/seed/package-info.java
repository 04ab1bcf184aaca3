/**
 * Fast set-up of many active subscriptions: their commands produced straight onto the subscription command topic
 * (the gateway's own envelopes, in the schemas module's Avro), then awaited until every first invoice is paid.
 */
@NullMarked
package io.abk.billing.bench.seed;

import org.jspecify.annotations.NullMarked;
