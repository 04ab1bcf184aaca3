/**
 * Settlement as pure Java: how a charge or refund request is settled given the chains this deployment has
 * (simulated in the sandbox, or refused while chain settlement does not exist yet), and the sandbox's tx hashes.
 * No framework, no I/O, no clock: the request carries everything the decision needs.
 */
@NullMarked
package io.abk.billing.chain.domain.settlement;

import org.jspecify.annotations.NullMarked;
