package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.contracts.ChargeId;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.localstack.chain.LocalChain;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.VaultCharged;
import io.abk.billing.schemas.topic.Topics;
import java.math.BigInteger;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.web3j.protocol.core.methods.response.TransactionReceipt;

/**
 * A reorganisation deeper than the confirmation depth on the local chain, never silent: the transfer that paid a
 * payment is replaced by an empty block, the chain follower retracts it, and the payment is open again with a
 * {@code payment.reopened} event; the vault charge that paid an invoice is taken back the same way, and the invoice
 * is open again ({@code invoice.reopened} at the merchant's endpoint), its subscription past due until it is paid
 * again. A reorganisation shallower than the depth that takes a charge back never paid its invoice: the relayer had
 * not answered it yet.
 */
@ExtendWith(ChainStack.class)
@Order(ChainStack.ORDER)
@Execution(ExecutionMode.SAME_THREAD)
class ChainReorgIT {

    /** The local chain's confirmation depth ({@code LocalChain.CONFIRMATIONS}). */
    private static final int CONFIRMATIONS = LocalChain.CONFIRMATIONS;

    /**
     * A relayer that answered at the receipt did so within a quarter of a second (its receipt polls) and a Kafka
     * write; two seconds of silence tell it from one that waits for the depth.
     */
    private static final Duration UNANSWERED_WHILE_SHALLOW = Duration.ofSeconds(2);

    private static Api api;
    private static TestChain chain;

    @BeforeAll
    static void stack(Api stackApi, TestChain stackChain) {
        api = stackApi;
        chain = stackChain;
    }

    @Test
    void shouldReopenThePaymentWithAnEventWhenTheTransferThatPaidItIsReorganisedAway() {
        // given a payment paid by a confirmed transfer, with no confirm
        var merchant = api.newMerchant("chain reorg");
        var customer = chain.newWallet("100");
        var payout = TestChain.freshAddress();
        var id = ChainPayments.create(api, merchant, customer, payout, "30");
        var call = ChainPayments.walletCalls(api, id);
        var receipt = chain.sendWalletCalls(customer, call).getFirst();
        var paid = ChainPayments.awaitStatus(api, merchant, id, "paid");
        assertThat(paid.path("txHash").asString()).isEqualToIgnoringCase(receipt.getTransactionHash());
        assertThat(chain.balance(payout)).isEqualTo(TestChain.units("30"));

        // when every block from the transfer's on is replaced by an empty one, more of them than the confirmation depth
        reorganiseFrom(receipt, List.of());
        assertThat(chain.balance(payout)).isZero();

        // then the payment is open again, its receipt gone, and the merchant is told
        var reopened = ChainPayments.awaitStatus(api, merchant, id, "open");
        assertThat(reopened.path("txHash").isNull()).isTrue();
        assertThat(reopened.path("paidAt").isNull()).isTrue();
        var event = await("payment.reopened of " + id)
                .atMost(ChainStack.SETTLES)
                .until(
                        () -> api.get("/v1/events?type=payment.reopened&limit=100")
                                .key(merchant.testKey())
                                .send()
                                .expect(200)
                                .json()
                                .path("events"),
                        events -> events.size() == 1);
        var data = event.get(0).path("data");
        assertThat(data.at("/payment/id").asString()).isEqualTo(id);
        assertThat(data.at("/payment/status").asString()).isEqualTo("open");
        assertThat(data.path("failureCode").asString()).isEqualTo("TRANSFER_REVERSED");
        assertThat(data.path("failureMessage").asString()).containsIgnoringCase(receipt.getTransactionHash());
    }

    @Test
    void shouldReopenThePaidInvoiceAndMakeTheSubscriptionPastDueWhenItsChargeIsReorganisedAway() {
        // given a merchant's webhook endpoint, and an active subscription whose first invoice the relayer charged
        var merchant = api.newMerchant("chain reorg charge");
        try (var receiver = Receiver.start()) {
            api.post("/v1/webhook_endpoints")
                    .key(merchant.testKey())
                    .json(Map.of("url", receiver.url("/hooks"), "enabledEvents", List.of("invoice.reopened")))
                    .send()
                    .expect(201);
            var customer = chain.newWallet("100");
            var subscribed =
                    ChainSubscriptions.subscribe(api, chain, merchant, customer, TestChain.freshAddress(), "15");
            var invoiceId = subscribed.firstInvoice().path("id").asString();
            var charge = ChainSubscriptions.assertPaidOnChain(chain, subscribed.firstInvoice());
            // The relayer answered once the charge was as deep as the follower publishes; the vault's Charged the
            // follower published then is what a deeper reorganisation retracts.
            api.topics()
                    .awaitValues(
                            Topics.CHAIN_TRANSFERS,
                            log -> log.getTxHash().equalsIgnoreCase(charge.getTransactionHash())
                                    && log.getPayload() instanceof VaultCharged,
                            1);

            // when every block from the charge's on is replaced, more of them than the confirmation depth, by blocks in
            // which the customer takes the vault's allowance back (so the retry that falls due at once is refused)
            var token = chain.info().tokenAddress();
            var vault = chain.info().vaultAddress();
            reorganiseFrom(charge, List.of(chain.signed(customer, token, Erc20Abi.approve(vault, BigInteger.ZERO))));

            // then the merchant's endpoint gets invoice.reopened: the invoice open again, the subscription past_due
            var delivered = await("invoice.reopened at the merchant's endpoint")
                    .atMost(ChainStack.SETTLES)
                    .until(receiver::requests, requests -> !requests.isEmpty())
                    .getFirst();
            var event = Json.parse(delivered.text());
            assertThat(event.path("type").asString()).isEqualTo("invoice.reopened");
            assertThat(event.at("/data/invoice/id").asString()).isEqualTo(invoiceId);
            assertThat(event.at("/data/invoice/status").asString()).isEqualTo("open");
            assertThat(event.at("/data/invoice/txHash").isNull()).isTrue();
            assertThat(event.at("/data/subscription/status").asString()).isEqualTo("past_due");
            assertThat(event.at("/data/failureCode").asString()).isEqualTo("CHARGE_REVERSED");
            // and the API says the same once the retry due at once has been refused for the allowance
            var key = merchant.testKey();
            var invoice = ChainSubscriptions.awaitInvoice(api, merchant, invoiceId, "open", "ALLOWANCE_REVOKED");
            assertThat(invoice.path("txHash").isNull()).isTrue();
            assertThat(Subscriptions.get(api, key, subscribed.id())
                            .expect(200)
                            .json()
                            .path("status")
                            .asString())
                    .isEqualTo("past_due");

            // and once the customer approves the vault again, a charge pays it on the new chain, once
            chain.send(customer, token, Erc20Abi.approve(vault, Erc20Abi.UNLIMITED));
            var charged = Invoices.charge(api, key, invoiceId, null).expect(200).json();
            assertThat(charged.path("ok").asBoolean()).as("%s", charged).isTrue();
            assertThat(charged.at("/invoice/status").asString()).isEqualTo("paid");
            assertThat(charged.at("/subscription/status").asString()).isEqualTo("active");
            assertThat(chain.chargesOf(ChargeId.of(invoiceId))).isEqualTo(1);
        }
    }

    @Test
    void shouldNeverPayTheInvoiceWhenAReorganisationShallowerThanTheDepthTakesItsChargeBack() {
        // Protects against the relayer answering a charge at its receipt: a reorganisation before the follower's depth
        // that took the charge back for good left the invoice paid with no charge on chain.
        // given an active subscription whose renewal falls due while no block comes: its charge waits in the pool
        var merchant = api.newMerchant("chain shallow reorg");
        var key = merchant.testKey();
        Clocks.advance(api, key, 1);
        var customer = chain.newWallet("100");
        var subscribed = ChainSubscriptions.subscribe(api, chain, merchant, customer, TestChain.freshAddress(), "15");
        var subscription =
                Subscriptions.get(api, key, subscribed.id()).expect(200).json();
        var node = chain.node();
        String renewal;
        node.pauseMining();
        try {
            renewal = ChainSubscriptions.advanceToRenewal(api, subscribed, subscription)
                    .path("id")
                    .asString();
            var charge = node.awaitPending(chain.info().relayerAddress(), null);

            // when a block mines it, and the relayer answers nothing while that block is shallower than the depth
            node.mine();
            assertThat(chain.awaitReceipt(charge.hash()).isStatusOK()).isTrue();
            var invoiceId = renewal;
            await("no answer to the charge of " + renewal + " while its block is the newest")
                    .during(UNANSWERED_WHILE_SHALLOW)
                    .atMost(UNANSWERED_WHILE_SHALLOW.plusSeconds(5))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> resultsOf(invoiceId).isEmpty());
            // and a reorganisation of depth 1 replaces that block by one where the customer takes the allowance back
            var token = chain.info().tokenAddress();
            var vault = chain.info().vaultAddress();
            node.reorg(1, List.of(chain.signed(customer, token, Erc20Abi.approve(vault, BigInteger.ZERO))));
            assertThat(chain.receipt(charge.hash()))
                    .as("the charge is off the chain")
                    .isEmpty();
        } finally {
            node.resumeMining();
        }

        // then the invoice ends open, refused for the allowance, never paid, and nothing was charged
        var invoice = ChainSubscriptions.awaitInvoice(api, merchant, renewal, "open", "ALLOWANCE_REVOKED");
        assertThat(invoice.path("txHash").isNull()).isTrue();
        assertThat(chain.chargesOf(ChargeId.of(renewal))).isZero();
        assertThat(resultsOf(renewal))
                .extracting(result -> result.getOutcome().getClass().getSimpleName())
                .doesNotContain("Executed");
        assertThat(ChainSubscriptions.paidEvents(api, merchant, renewal)).isEmpty();
    }

    /** What the relayer wrote to {@code chain.results} for the charges of {@code invoiceId}. */
    private static List<ChainResult> resultsOf(String invoiceId) {
        return api.topics()
                .values(
                        Topics.CHAIN_RESULTS,
                        result -> invoiceId.equals(result.getRequest().getInvoiceId()));
    }

    /**
     * Replaces every block from {@code mined}'s on, more of them than the confirmation depth, by blocks holding only
     * {@code newChain} (signed transactions); mining is paused meanwhile, so the depth is exact.
     */
    private static void reorganiseFrom(TransactionReceipt mined, List<String> newChain) {
        var block = mined.getBlockNumber().longValueExact();
        await("blocks on top of " + block)
                .atMost(ChainStack.SETTLES)
                .until(chain::head, head -> head - block + 1 > CONFIRMATIONS);
        chain.node().pauseMining();
        try {
            var depth = chain.head() - block + 1;
            assertThat(depth).as("deeper than the confirmation depth").isGreaterThan(CONFIRMATIONS);
            chain.node().reorg(depth, newChain);
            assertThat(chain.receipt(mined.getTransactionHash()))
                    .as("the transaction is off the chain")
                    .isEmpty();
        } finally {
            chain.node().resumeMining();
        }
    }
}
