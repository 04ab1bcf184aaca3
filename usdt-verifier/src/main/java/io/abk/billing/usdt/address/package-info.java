/**
 * Chain addresses as the API accepts them (Tron base58 {@code T...} with its checksum, Tron hex {@code 41...} or
 * {@code 0x41...}, EVM {@code 0x...}) and their one normalised form, {@code 0x} and 40 lower-case hex digits.
 */
@NullMarked
package io.abk.billing.usdt.address;

import org.jspecify.annotations.NullMarked;
