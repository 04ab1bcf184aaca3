/**
 * The now of a merchant and mode (README.md, "Test clocks"): each merchant's test clock as stored in
 * {@code test_clocks}, and the effective clock that stamps test-mode commands and decides what the read model shows
 * as expired, loaded before every test-mode {@code /v1} request.
 */
@NullMarked
package io.abk.billing.gateway.controlplane.clock;

import org.jspecify.annotations.NullMarked;
