/**
 * The test clock resource (README.md, "Test clocks"): the {@code /v1/test_clock} routes of test keys, the rules of a
 * change (forward only), and the {@code billing.test-clocks} record of each change. The stored clock and the
 * effective now are the control plane's ({@code controlplane.clock}).
 */
@NullMarked
package io.abk.billing.gateway.api.testclock;

import org.jspecify.annotations.NullMarked;
