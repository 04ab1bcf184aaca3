package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.systemtests.stack.TestChain.Wallet;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.web3j.protocol.core.methods.response.TransactionReceipt;
import tools.jackson.databind.JsonNode;

/**
 * Subscriptions of the chain tests, settled on the local chain through the API only: the customer's wallet sends the
 * checkout's wallet calls, the vault's {@code Subscribed} activates the subscription and the relayer charges its
 * invoices. Each belongs to a merchant, customer wallet and payout address of its test.
 */
final class ChainSubscriptions {

    /** One merchant's subscription with its wallets, after the customer sent the checkout's wallet calls. */
    record Subscribed(TestMerchant merchant, String id, Wallet customer, String payout, JsonNode firstInvoice) {}

    private ChainSubscriptions() {}

    /**
     * A monthly subscription of {@code amountUsdc} for the customer, paying {@code payout}, and the checkout's wallet
     * calls sent from the customer's wallet; waits until the API shows it active and its first invoice paid.
     */
    static Subscribed subscribe(
            Api api, TestChain chain, TestMerchant merchant, Wallet customer, String payout, String amountUsdc) {
        var created = create(api, merchant, customer, payout, amountUsdc);
        var id = created.at("/subscription/id").asString();
        var session = api.get("/checkout/subscribe/" + id + ".json")
                .send()
                .expect(200)
                .json();
        assertThat(session.path("sandbox").asBoolean(true)).isFalse();
        assertThat(session.path("walletCalls")).hasSize(2);
        chain.sendWalletCalls(customer, session.path("walletCalls"));

        await("activation of " + id)
                .atMost(ChainStack.SETTLES)
                .until(
                        () -> Subscriptions.get(api, merchant.testKey(), id)
                                .expect(200)
                                .json()
                                .path("status")
                                .asString(),
                        "active"::equals);
        var paid = awaitInvoice(api, merchant, created.at("/invoice/id").asString(), "paid", null);
        return new Subscribed(merchant, id, customer, payout, paid);
    }

    /**
     * A monthly subscription of {@code amountUsdc} for the customer, who only signs what the checkout's {@code /signing}
     * offers (the token's permit for the vault and the vault's terms) and sends nothing: the platform's relayer submits
     * both. Waits until the first invoice is paid.
     */
    static Subscribed subscribeBySignature(
            Api api, TestMerchant merchant, Wallet customer, String payout, String amountUsdc) {
        var created = create(api, merchant, customer, payout, amountUsdc);
        var id = created.at("/subscription/id").asString();
        var signing = api.get("/checkout/subscribe/" + id + "/signing?wallet=" + customer.address())
                .send()
                .expect(200)
                .json();
        var permit = signing.path("permit");
        var terms = signing.path("terms");
        var signed = new LinkedHashMap<String, Object>();
        signed.put("wallet", customer.address());
        signed.put("periods", terms.path("periods").asLong());
        signed.put("deadline", terms.path("deadline").asLong());
        signed.put("nonce", terms.path("nonce").asString());
        signed.put("signature", TypedDataSignatures.sign(terms.path("typedData").asString(), customer));
        signed.put(
                "permit",
                Map.of(
                        "value", permit.path("value").asString(),
                        "deadline", permit.path("deadline").asLong(),
                        "signature",
                                TypedDataSignatures.sign(
                                        permit.path("typedData").asString(), customer)));
        api.post("/checkout/subscribe/" + id + "/signatures")
                .json(signed)
                .send()
                .expect(202);
        var paid = awaitInvoice(api, merchant, created.at("/invoice/id").asString(), "paid", null);
        return new Subscribed(merchant, id, customer, payout, paid);
    }

    /** Creates a monthly subscription of {@code amountUsdc} for the customer, paying {@code payout}; returns the 201. */
    static JsonNode create(Api api, TestMerchant merchant, Wallet customer, String payout, String amountUsdc) {
        var body = new LinkedHashMap<String, @Nullable Object>(
                Subscriptions.adHoc("chain-" + System.nanoTime(), new BigDecimal(amountUsdc), "month"));
        body.put("customerWallet", customer.address());
        body.put("payoutAddressEvm", payout);
        return api.post(Subscriptions.PATH)
                .key(merchant.testKey())
                .json(body)
                .send()
                .expect(201)
                .json();
    }

    /** Moves the merchant's frozen clock by exactly the rest of the current period; returns the renewal invoice. */
    static JsonNode advanceToRenewal(Api api, Subscribed subscribed, JsonNode subscription) {
        var key = subscribed.merchant().testKey();
        var now = Instant.parse(api.get(Clocks.PATH)
                .key(key)
                .send()
                .expect(200)
                .json()
                .path("effectiveNow")
                .asString());
        var periodEnd = Instant.parse(subscription.path("currentPeriodEnd").asString());
        Clocks.advance(api, key, Duration.between(now, periodEnd).toSeconds());
        return await("renewal of " + subscribed.id())
                .atMost(ChainStack.SETTLES)
                .until(
                        () -> {
                            var latest = Subscriptions.get(api, key, subscribed.id())
                                    .expect(200)
                                    .json()
                                    .path("latestInvoiceId")
                                    .asString();
                            return Invoices.get(api, key, latest).expect(200).json();
                        },
                        invoice -> "subscription_cycle"
                                .equals(invoice.path("billingReason").asString()));
    }

    /** Waits until the invoice has {@code status} and (when given) {@code failureCode}. */
    static JsonNode awaitInvoice(
            Api api, TestMerchant merchant, String invoiceId, String status, @Nullable String failureCode) {
        return await("invoice " + invoiceId + " " + status + " " + failureCode)
                .atMost(ChainStack.SETTLES)
                .until(
                        () -> Invoices.get(api, merchant.testKey(), invoiceId)
                                .expect(200)
                                .json(),
                        invoice -> status.equals(invoice.path("status").asString())
                                && (failureCode == null
                                        || failureCode.equals(
                                                invoice.path("failureCode").asString())));
    }

    /** The {@code invoice.paid} events of {@code invoiceId} among the merchant's latest hundred. */
    static List<JsonNode> paidEvents(Api api, TestMerchant merchant, String invoiceId) {
        return api.get("/v1/events?type=invoice.paid&limit=100")
                .key(merchant.testKey())
                .send()
                .expect(200)
                .json()
                .path("events")
                .valueStream()
                .filter(event -> invoiceId.equals(event.at("/data/invoice/id").asString()))
                .toList();
    }

    /** The invoice's txHash is a successful transaction of the vault on the chain; returns its receipt. */
    static TransactionReceipt assertPaidOnChain(TestChain chain, JsonNode invoice) {
        assertThat(invoice.path("status").asString()).isEqualTo("paid");
        var txHash = invoice.path("txHash").asString();
        assertThat(txHash).as("txHash of %s", invoice).matches("0x[0-9a-fA-F]{64}");
        var receipt = chain.awaitReceipt(txHash);
        assertThat(receipt.isStatusOK()).as("receipt of %s", txHash).isTrue();
        assertThat(receipt.getTo()).isEqualToIgnoringCase(chain.info().vaultAddress());
        return receipt;
    }
}
