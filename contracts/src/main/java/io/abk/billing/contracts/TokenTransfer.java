package io.abk.billing.contracts;

import java.math.BigInteger;

/** An ERC-20 {@code Transfer} log: lower-case addresses and the amount in the token's base units. */
public record TokenTransfer(String from, String to, BigInteger amount) {}
