package io.abk.billing.localstack.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.localstack.chain.LocalChain;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A reorganisation deeper than the confirmation depth on the local chain: the transfer that paid a payment is
 * replaced by an empty block, the chain follower retracts it, and the payment is open again with a
 * {@code payment.reopened} event, never silently.
 */
@ExtendWith(ChainStack.class)
@Order(ChainStack.ORDER)
class ChainReorgIT {

    /** The local chain's confirmation depth ({@code LocalChain.CONFIRMATIONS}). */
    private static final int CONFIRMATIONS = LocalChain.CONFIRMATIONS;

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

        // when every block from the transfer's on is replaced by an empty one, more of them than the confirmation
        // depth (mining paused meanwhile, so the depth is exact)
        var block = receipt.getBlockNumber().longValueExact();
        await("blocks on top of " + block)
                .atMost(ChainStack.SETTLES)
                .until(chain::head, head -> head - block + 1 > CONFIRMATIONS);
        chain.pauseMining();
        try {
            var depth = chain.head() - block + 1;
            assertThat(depth).as("deeper than the confirmation depth").isGreaterThan(CONFIRMATIONS);
            chain.reorg(depth);
            assertThat(chain.receipt(receipt.getTransactionHash()))
                    .as("the transfer is off the chain")
                    .isEmpty();
        } finally {
            chain.resumeMining();
        }
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
}
