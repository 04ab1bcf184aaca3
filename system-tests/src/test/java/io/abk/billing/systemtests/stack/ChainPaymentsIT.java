package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.contracts.Erc20Abi;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * One-time payments settled on the local chain: a transfer sent from the checkout's wallet call pays its payment
 * with no confirm; a transfer that fits two open payments pays neither until a confirm with its hash, which first
 * waits for the confirmation depth; and a confirm with a transaction that does not pay the payment is refused with
 * the chain's reason, the payment staying open. Every test has its own merchant, customer wallet and payout address.
 */
@ExtendWith(ChainStack.class)
@Order(ChainStack.ORDER)
@Execution(ExecutionMode.SAME_THREAD)
class ChainPaymentsIT {

    private static Api api;
    private static TestChain chain;

    @BeforeAll
    static void stack(Api stackApi, TestChain stackChain) {
        api = stackApi;
        chain = stackChain;
    }

    @Test
    void shouldPayThePaymentWithoutAConfirmWhenTheCustomerSendsTheWalletCall() {
        // given an open payment of 25 USDC and a customer wallet
        var merchant = api.newMerchant("chain pay");
        var customer = chain.newWallet("100");
        var payout = TestChain.freshAddress();
        var id = ChainPayments.create(api, merchant, customer, payout, "25");

        // when the customer sends the checkout's wallet call, and nobody confirms
        var status =
                api.get("/checkout/pay/" + id + "/status").send().expect(200).json();
        assertThat(status.path("sandbox").asBoolean(true)).isFalse();
        var receipts = chain.sendWalletCalls(customer, status.path("walletCalls"));
        assertThat(receipts).hasSize(1);
        var txHash = receipts.getFirst().getTransactionHash();

        // then the payment is paid by that transfer, once it is confirmed
        var paid = ChainPayments.awaitStatus(api, merchant, id, "paid");
        assertThat(paid.path("txHash").asString()).isEqualToIgnoringCase(txHash);
        assertThat(paid.path("amountReceivedUsdc").decimalValue()).isEqualByComparingTo("25");
        assertThat(chain.balance(payout)).isEqualTo(TestChain.units("25"));
        assertThat(chain.balance(customer.address())).isEqualTo(TestChain.units("75"));

        // and a confirm afterwards answers with the paid payment, verifying nothing again
        var confirmed = Payments.confirm(api, id, txHash).send().expect(200).json();
        assertThat(confirmed.path("alreadyPaid").asBoolean()).isTrue();
        assertThat(confirmed.at("/payment/status").asString()).isEqualTo("paid");
        assertThat(confirmed.at("/payment/txHash").asString()).isEqualToIgnoringCase(txHash);
    }

    @Test
    void shouldPayOnlyTheConfirmedPaymentOnceDeepEnoughWhenATransferFitsTwo() {
        // given two open payments of the same amount, customer and payout: a transfer fits both
        var merchant = api.newMerchant("chain confirm");
        var customer = chain.newWallet("100");
        var payout = TestChain.freshAddress();
        var first = ChainPayments.create(api, merchant, customer, payout, "10");
        var second = ChainPayments.create(api, merchant, customer, payout, "10");
        var call = ChainPayments.walletCalls(api, first).get(0);

        // when the customer sends the transfer, and it is in exactly one block so far
        String txHash;
        long block;
        chain.node().pauseMining();
        try {
            txHash = chain.sendUnchecked(
                    customer, call.path("to").asString(), call.path("data").asString());
            chain.node().mine();
            var receipt = chain.awaitReceipt(txHash);
            assertThat(receipt.isStatusOK()).isTrue();
            block = receipt.getBlockNumber().longValueExact();

            // then a confirm is refused until the transfer is as deep as the chain's confirmations
            var pending = Payments.confirm(api, first, txHash).send().expect(400);
            assertThat(pending.code()).isEqualTo("PAYMENT_PENDING_CONFIRMATIONS");
            assertThat(pending.json().path("error").asString()).contains("1 of 2 confirmations");
        } finally {
            chain.node().resumeMining();
        }

        // when a block more is mined, the confirm pays the payment it names
        await("a block on top of " + block).atMost(ChainStack.SETTLES).until(chain::head, head -> head > block);
        var confirmed = Payments.confirm(api, first, txHash).send().expect(200).json();
        assertThat(confirmed.path("alreadyPaid").asBoolean()).isFalse();
        assertThat(confirmed.at("/payment/status").asString()).isEqualTo("paid");
        assertThat(confirmed.at("/payment/txHash").asString()).isEqualToIgnoringCase(txHash);
        assertThat(ChainPayments.awaitStatus(api, merchant, first, "paid")
                        .path("txHash")
                        .asString())
                .isEqualToIgnoringCase(txHash);

        // and the same transfer can pay nothing else: the other payment stays open
        var reused = Payments.confirm(api, second, txHash).send().expect(400);
        assertThat(reused.code()).isEqualTo("PAYMENT_TX_ALREADY_USED");
        assertThat(ChainPayments.get(api, merchant, second).path("status").asString())
                .isEqualTo("open");
    }

    @Test
    void shouldRefuseAConfirmWithTheChainsReasonAndKeepThePaymentOpenWhenTheTransactionDoesNotPayIt() {
        // given an open payment of 10 USDC, and a customer holding 50
        var merchant = api.newMerchant("chain refusals");
        var customer = chain.newWallet("50");
        var payout = TestChain.freshAddress();
        var id = ChainPayments.create(api, merchant, customer, payout, "10");
        var token = chain.info().tokenAddress();

        // then a transfer of the amount to another address is the wrong recipient
        var elsewhere = chain.send(customer, token, Erc20Abi.transfer(TestChain.freshAddress(), TestChain.units("10")));
        assertRefused(id, elsewhere.getTransactionHash(), "PAYMENT_WRONG_RECIPIENT");
        // and a transfer of less than the amount to the payout address is short
        var shortTransfer = chain.send(customer, token, Erc20Abi.transfer(payout, TestChain.units("4")));
        assertRefused(id, shortTransfer.getTransactionHash(), "PAYMENT_SHORT");
        // and a transfer above the customer's balance, mined with status 0, reverted
        var reverted = chain.awaitReceipt(
                chain.sendUnchecked(customer, token, Erc20Abi.transfer(payout, TestChain.units("1000"))));
        assertThat(reverted.isStatusOK())
                .as("status of a transfer above the balance")
                .isFalse();
        assertRefused(id, reverted.getTransactionHash(), "PAYMENT_TX_REVERTED");
        // and a hash the chain never saw is not found
        assertRefused(id, Payments.freshTxHash(), "PAYMENT_TX_NOT_FOUND");

        // and the payment is still open, with only the short transfer at the payout address
        var open = ChainPayments.get(api, merchant, id);
        assertThat(open.path("status").asString()).isEqualTo("open");
        assertThat(open.path("txHash").isNull()).isTrue();
        assertThat(chain.balance(payout)).isEqualTo(TestChain.units("4"));
    }

    private static void assertRefused(String paymentId, String txHash, String code) {
        var reply = Payments.confirm(api, paymentId, txHash).send().expect(400);
        assertThat(reply.code()).as("%s", reply).isEqualTo(code);
    }
}
