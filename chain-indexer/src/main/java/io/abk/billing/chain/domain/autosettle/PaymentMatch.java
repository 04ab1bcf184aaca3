package io.abk.billing.chain.domain.autosettle;

import java.util.List;

/** What a transfer does to the open payments of its recipient. */
public sealed interface PaymentMatch {

    /** Exactly one payment qualifies: the transfer pays it (if its hash paid nothing else). */
    record Pays(OpenPayment payment) implements PaymentMatch {}

    /** Several qualify: none is paid; the customer's confirm with the hash decides which. */
    record Ambiguous(List<String> paymentIds) implements PaymentMatch {}

    /** None qualifies. */
    record None() implements PaymentMatch {}
}
