/**
 * The verifier's error answers: {@code {error, code}} (with {@code param} naming a bad field, {@code outcome} for a
 * transaction that does not match), for failures in filters, routes and the framework alike; never a 500 for input.
 */
@NullMarked
package io.abk.billing.usdt.http.error;

import org.jspecify.annotations.NullMarked;
