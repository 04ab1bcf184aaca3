/**
 * The relayer's rules as pure Java: the fees it may pay, whether a charge or refund can go ahead given what the
 * vault and the token say, what a vault revert means for the invoice, and whether a transaction pays a payment.
 * Fed with decoded chain data (the contracts module's plain records); no RPC, no Kafka, no clock.
 */
@NullMarked
package io.abk.billing.chain.domain.relay;

import org.jspecify.annotations.NullMarked;
