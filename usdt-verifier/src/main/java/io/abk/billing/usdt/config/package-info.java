/**
 * The verifier's settings ({@code BILLING_USDT_*}, checked at start naming the variable), the checks the production
 * profile adds, and the wiring of its parts.
 */
@NullMarked
package io.abk.billing.usdt.config;

import org.jspecify.annotations.NullMarked;
