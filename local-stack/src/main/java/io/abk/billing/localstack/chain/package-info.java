/**
 * The local chain of {@code BILLING_LOCAL_CHAIN=anvil}: anvil found or installed, run with its state in the data
 * directory, the test token and the vault deployed once, and the test-mode settings that point the services at it.
 */
@NullMarked
package io.abk.billing.localstack.chain;

import org.jspecify.annotations.NullMarked;
