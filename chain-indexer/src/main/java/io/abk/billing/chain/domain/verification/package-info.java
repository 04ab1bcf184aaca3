/**
 * Verification of one-time payments as pure Java (docs/architecture.md, "The chain path"): whether a confirmed
 * payment's transaction pays it (in the sandbox, with magic hashes that reach every failure), and the rule that one
 * transaction hash pays at most one payment or invoice. No framework, no I/O, no clock.
 */
@NullMarked
package io.abk.billing.chain.domain.verification;

import org.jspecify.annotations.NullMarked;
