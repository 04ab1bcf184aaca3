package io.abk.billing.streams.paymentlink.domain;

import io.abk.billing.streams.shared.domain.Tenant;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What a payment link aggregate can be asked to do. Each command carries {@code requestedAt} (the decider's only
 * clock) and its {@link Tenant}: every command but create must name the link's own merchant and mode.
 */
public sealed interface PaymentLinkInstruction {

    String paymentLinkId();

    Tenant tenant();

    Instant requestedAt();

    /** Create an active link; the gateway resolved the terms and minted the id and URL. */
    record Create(
            String paymentLinkId,
            Tenant tenant,
            Instant requestedAt,
            PaymentLinkTerms terms,
            @Nullable Integer maxUses,
            @Nullable Instant expiresAt)
            implements PaymentLinkInstruction {}

    /** A customer opens the link: mint payment {@code paymentId} (id and checkout URL minted by the gateway). */
    record Open(
            String paymentLinkId,
            Tenant tenant,
            Instant requestedAt,
            String paymentId,
            String checkoutUrl,
            Customer customer)
            implements PaymentLinkInstruction {}

    record Disable(String paymentLinkId, Tenant tenant, Instant requestedAt) implements PaymentLinkInstruction {}

    /** Payment {@code paymentId}, minted by this link, was paid. */
    record RecordPayment(String paymentLinkId, Tenant tenant, Instant requestedAt, String paymentId)
            implements PaymentLinkInstruction {}

    /** Payment {@code paymentId}, minted by this link and paid, is open again (its transfer left the chain). */
    record RecordPaymentReopened(String paymentLinkId, Tenant tenant, Instant requestedAt, String paymentId)
            implements PaymentLinkInstruction {}

    /** The link's {@code expiresAt} is due (the scheduler). */
    record Expire(String paymentLinkId, Tenant tenant, Instant requestedAt) implements PaymentLinkInstruction {}
}
