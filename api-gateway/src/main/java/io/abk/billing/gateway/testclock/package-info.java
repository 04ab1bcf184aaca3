/**
 * Test clocks (README.md, "Test clocks"): the {@code /v1/test_clock} routes of test keys, the rules of a change
 * (forward only), the row and the {@code billing.test-clocks} record of each merchant's clock, and the effective now
 * that stamps test-mode commands and decides what the read model shows as expired.
 */
@NullMarked
package io.abk.billing.gateway.testclock;

import org.jspecify.annotations.NullMarked;
