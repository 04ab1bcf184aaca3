package io.abk.billing.systemtests.stack;

import io.abk.billing.systemtests.stack.TestChain.Wallet;
import java.time.Duration;
import org.awaitility.Awaitility;
import tools.jackson.databind.JsonNode;

/** Payments of the chain tests: from a wallet of the test to a payout address of the test. */
final class ChainPayments {

    private ChainPayments() {}

    /** An ad hoc payment from the customer's wallet to {@code payout}; returns its id. */
    static String create(Api api, TestMerchant merchant, Wallet customer, String payout, String amountUsdc) {
        var body = Payments.payment("chain-pay-" + System.nanoTime(), amountUsdc);
        body.put("customerWallet", customer.address());
        body.put("payoutAddressEvm", payout);
        return api.post(Payments.PAYMENTS)
                .key(merchant.testKey())
                .json(body)
                .send()
                .expect(201)
                .json()
                .at("/payment/id")
                .asString();
    }

    /** The checkout's wallet calls for the payment (one USDC transfer while it can be paid). */
    static JsonNode walletCalls(Api api, String id) {
        return api.get("/checkout/pay/" + id + "/status")
                .send()
                .expect(200)
                .json()
                .path("walletCalls");
    }

    static JsonNode get(Api api, TestMerchant merchant, String id) {
        return api.get(Payments.PAYMENTS + "/" + id)
                .key(merchant.testKey())
                .send()
                .expect(200)
                .json()
                .path("payment");
    }

    static JsonNode awaitStatus(Api api, TestMerchant merchant, String id, String status) {
        return awaitStatus(api, merchant, id, status, ChainStack.SETTLES);
    }

    static JsonNode awaitStatus(Api api, TestMerchant merchant, String id, String status, Duration within) {
        return Awaitility.await("payment " + id + " " + status)
                .atMost(within)
                .until(
                        () -> get(api, merchant, id),
                        payment -> status.equals(payment.path("status").asString()));
    }
}
