package io.abk.billing.client;

/** Answers of the API as openapi.json describes them, for the fake server to send. */
final class Fixtures {

    private Fixtures() {}

    static String subscription(String id, String amount) {
        return """
                {"id":"%s","object":"subscription","status":"pending","amountUsdc":%s,"interval":"month",
                 "walletAddress":"0x1111111111111111111111111111111111111111","customerId":"cus_1",
                 "payoutAddressEvm":"0x2222222222222222222222222222222222222222","merchantRef":"order-1",
                 "priceId":"price_1","planId":null,"currentPeriodStart":"2026-01-31T12:00:00Z",
                 "currentPeriodEnd":"2026-02-28T12:00:00Z","billingCycleAnchor":"2026-01-31T12:00:00Z",
                 "trialEnd":null,"cancelAtPeriodEnd":false,"canceledAt":null,"pausedAt":null,
                 "mandateStatus":"none","onChainSubscriptionId":null,"latestInvoiceId":"in_1","successUrl":null,
                 "cancelUrl":null,"metadata":{"plan":"gold"},"mode":"test","createdAt":"2026-01-31T12:00:00.123Z"}""".formatted(id, amount);
    }

    /** An invoice of one {@code subscription} line of {@code amount}. */
    static String invoice(String id, String amount) {
        return invoice(id, amount, amount, "0", """
                {"kind":"subscription","description":"%s USDC per month","periodStart":"2026-01-31T12:00:00Z",
                 "periodEnd":"2026-02-28T12:00:00Z","quantity":1,"unitAmountUsdc":%s,"amountUsdc":%s}""".formatted(amount, amount, amount));
    }

    /** An invoice of these lines (JSON objects, comma-separated) and sums. */
    static String invoice(String id, String amount, String subtotal, String discount, String lines) {
        return """
                {"id":"%s","object":"invoice","subscriptionId":"sub_1","customerId":"cus_1","status":"open","amountUsdc":%s,
                 "amountRefundedUsdc":0,"subtotalUsdc":%s,"discountUsdc":%s,"lines":[%s],
                 "billingReason":"subscription_create","periodStart":"2026-01-31T12:00:00Z",
                 "periodEnd":"2026-02-28T12:00:00Z","dueAt":"2026-01-31T12:00:00Z","attemptCount":0,
                 "nextAttemptAt":null,"failureCode":null,"failureMessage":null,"paidAt":null,"txHash":null,
                 "refundTxHash":null,"refundedAt":null,"voidedAt":null,"mode":"test",
                 "createdAt":"2026-01-31T12:00:00Z"}""".formatted(id, amount, subtotal, discount, lines);
    }

    static String payment(String id, String amount) {
        return """
                {"id":"%s","object":"payment","status":"open","amountUsdc":%s,"amountReceivedUsdc":null,
                 "customerWallet":null,"customerId":null,"payoutAddressEvm":"0x2222222222222222222222222222222222222222",
                 "merchantRef":"order-9","priceId":null,"paymentLinkId":null,"description":null,
                 "checkoutUrl":"http://localhost/checkout/pay/%s","successUrl":null,"cancelUrl":null,
                 "customerEmail":null,"customerName":null,"metadata":{},"expiresAt":"2026-02-01T12:00:00Z",
                 "paidAt":null,"paidLate":false,"txHash":null,"mode":"test","createdAt":"2026-01-31T12:00:00Z"}""".formatted(id, amount, id);
    }

    static String customer(String id, String wallet) {
        return """
                {"id":"%s","object":"customer","wallet":"%s","email":"ada@example.com","name":null,
                 "metadata":{"tier":"gold"},"mode":"test","createdAt":"2026-01-31T12:00:00Z",
                 "updatedAt":"2026-02-01T08:30:00.250Z"}""".formatted(id, wallet);
    }

    static String event(String id) {
        return """
                {"id":"%s","type":"invoice.paid","createdAt":"2026-01-31T12:00:00Z","mode":"test",
                 "data":{"object":{"id":"in_1","amountUsdc":9.990000}}}""".formatted(id);
    }
}
