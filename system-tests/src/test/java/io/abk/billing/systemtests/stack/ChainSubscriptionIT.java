package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.contracts.ChargeId;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.systemtests.stack.ChainNode.PendingTransaction;
import io.abk.billing.systemtests.stack.ChainSubscriptions.Subscribed;
import io.abk.billing.systemtests.stack.TestChain.Wallet;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.web3j.protocol.core.methods.response.TransactionReceipt;
import tools.jackson.databind.JsonNode;

/**
 * Subscriptions settled on the local chain through the API only: the customer's wallet sends the checkout's wallet
 * calls and nothing else is called (no activate); the vault's {@code Subscribed} activates the subscription, the
 * relayer charges the first invoice and each renewal a test-clock move makes due (a charge stuck below the node's
 * base fee is replaced and mined once), refunds go back through the vault, and the chain's refusals (balance,
 * allowance) and the customer's own cancel in the vault reach the API. Every test has its own merchant (so its own
 * test clock), customer wallet and payout address.
 */
@ExtendWith(ChainStack.class)
@Order(ChainStack.ORDER)
@Execution(ExecutionMode.SAME_THREAD)
// The chain's time: ChainSubscriptionIT moves it a month at a time, and a signed request in flight meanwhile (the
// portal's revoke) would reach the chain past its deadline.
@ResourceLock("chain-time")
class ChainSubscriptionIT {

    private static final String AMOUNT = "12.5";

    private static Api api;
    private static TestChain chain;

    @BeforeAll
    static void stack(Api stackApi, TestChain stackChain) {
        api = stackApi;
        chain = stackChain;
    }

    @Test
    void shouldActivateChargeRenewAndRefundOnChainWhenTheCustomerSendsTheWalletCalls() {
        // given a payout address that approved the vault for refunds, and a customer wallet with 1000 USDC
        var payoutWallet = chain.newWallet("0");
        chain.send(
                payoutWallet,
                chain.info().tokenAddress(),
                Erc20Abi.approve(chain.info().vaultAddress(), Erc20Abi.UNLIMITED));
        var customer = chain.newWallet("1000");

        // when the customer subscribes by sending the checkout's wallet calls, and nobody calls activate
        var subscribed = subscribe("chain journey", customer, payoutWallet.address());

        // then the first invoice is paid on chain: a real, successful transaction moved exactly the amount
        var first = subscribed.firstInvoice();
        assertPaidOnChain(first);
        var amount = TestChain.units(AMOUNT);
        assertThat(chain.balance(customer.address()))
                .isEqualTo(TestChain.units("1000").subtract(amount));
        assertThat(chain.balance(subscribed.payout())).isEqualTo(amount);
        var subscription = Subscriptions.get(api, subscribed.merchant().testKey(), subscribed.id())
                .expect(200)
                .json();
        assertThat(subscription.path("mandateStatus").asString()).isEqualTo("active");
        assertThat(subscription.path("onChainSubscriptionId").asString())
                .isEqualToIgnoringCase(SubscriptionRef.of(subscribed.id()));

        // when the merchant's test clock reaches the end of the period
        var renewal = advanceToRenewal(subscribed, subscription);

        // then the relayer pays the renewal on chain, in a block at or after the new period's start
        var paidRenewal = awaitInvoice(subscribed, renewal.path("id").asString(), "paid");
        var receipt = assertPaidOnChain(paidRenewal);
        assertThat(chain.blockTime(receipt.getBlockNumber()))
                .as("the chain's time was moved to the renewal")
                .isAfterOrEqualTo(Instant.parse(paidRenewal.path("periodStart").asString()));
        assertThat(chain.balance(customer.address()))
                .isEqualTo(TestChain.units("1000").subtract(amount.multiply(BigInteger.TWO)));
        assertThat(chain.balance(subscribed.payout())).isEqualTo(amount.multiply(BigInteger.TWO));

        // when the merchant refunds part of the renewal (answered once settled on chain)
        var refunded = Invoices.refund(
                        api,
                        subscribed.merchant().testKey(),
                        paidRenewal.path("id").asString(),
                        new BigDecimal("2.25"))
                .expect(200)
                .json()
                .path("invoice");

        // then exactly that much went back from the payout address to the customer, through the vault
        assertThat(refunded.path("amountRefundedUsdc").decimalValue()).isEqualByComparingTo("2.25");
        assertThat(refunded.path("refundTxHash").asString()).matches("0x[0-9a-fA-F]{64}");
        var refundReceipt = chain.awaitReceipt(refunded.path("refundTxHash").asString());
        assertThat(refundReceipt.isStatusOK()).isTrue();
        assertThat(chain.balance(customer.address()))
                .isEqualTo(TestChain.units("1000")
                        .subtract(amount.multiply(BigInteger.TWO))
                        .add(TestChain.units("2.25")));
        assertThat(chain.balance(subscribed.payout()))
                .isEqualTo(amount.multiply(BigInteger.TWO).subtract(TestChain.units("2.25")));
    }

    @Test
    void shouldRenewASubscriptionTheCustomerOnlySignedWhileTheirWalletHoldsNoEther() {
        // given a wallet with 100 USDC and no ether that subscribes by signing the permit and the terms (/signing)
        var customer = chain.walletsWithoutEther(List.of("100")).getFirst();
        var merchant = api.newMerchant("chain signed");
        Clocks.advance(api, merchant.testKey(), 1);
        var subscribed =
                ChainSubscriptions.subscribeBySignature(api, merchant, customer, TestChain.freshAddress(), AMOUNT);
        var subscription = Subscriptions.get(api, merchant.testKey(), subscribed.id())
                .expect(200)
                .json();

        // when the renewal falls due
        var renewal = advanceToRenewal(subscribed, subscription);

        // then the relayer charged it through the signed mandate, and the wallet still holds no ether
        assertPaidOnChain(awaitInvoice(subscribed, renewal.path("id").asString(), "paid"));
        assertThat(chain.etherBalance(customer.address())).isZero();
        assertThat(chain.balance(customer.address()))
                .isEqualTo(
                        TestChain.units("100").subtract(TestChain.units(AMOUNT).multiply(BigInteger.TWO)));
    }

    @Test
    void shouldFailTheRenewalWithTheChainsReasonAndRetryADayLaterWhenTheCustomerCannotPay() {
        // given an active subscription whose first invoice was paid
        var customer = chain.newWallet("100");
        var subscribed = subscribe("chain dunning", customer, TestChain.freshAddress());
        assertPaidOnChain(subscribed.firstInvoice());
        var subscription = Subscriptions.get(api, subscribed.merchant().testKey(), subscribed.id())
                .expect(200)
                .json();

        // when the customer moves almost all of its USDC away (1 USDC stays, less than the amount)
        var left = TestChain.units("1");
        chain.send(
                customer,
                chain.info().tokenAddress(),
                Erc20Abi.transfer(
                        TestChain.freshAddress(),
                        chain.balance(customer.address()).subtract(left)));
        // and the funding check's lead time before the renewal is reached (three days)
        var periodEnd = Instant.parse(subscription.path("currentPeriodEnd").asString());
        Clocks.freeze(api, subscribed.merchant().testKey(), periodEnd.minus(Duration.ofDays(3)));

        // then the renewal is announced with what the chain holds: the balance 11.5 USDC short, the allowance enough
        var upcoming = await("invoice.upcoming of " + subscribed.id())
                .atMost(ChainStack.SETTLES)
                .until(
                        () -> api.get("/v1/events?type=invoice.upcoming&limit=10")
                                .key(subscribed.merchant().testKey())
                                .send()
                                .expect(200)
                                .json()
                                .path("events")
                                .path(0),
                        event -> subscribed
                                .id()
                                .equals(event.at("/data/subscription/id").asString()));
        assertThat(upcoming.at("/data/funding/balanceUsdc").decimalValue()).isEqualByComparingTo("1");
        assertThat(upcoming.at("/data/funding/blockNumber").asLong()).isPositive();
        assertThat(upcoming.at("/data/fundingShortfall/balanceShortUsdc").decimalValue())
                .isEqualByComparingTo("11.5");
        assertThat(upcoming.at("/data/fundingShortfall/allowanceShortUsdc").isNull())
                .isTrue();
        assertThat(upcoming.at("/data/upcomingInvoice/dueAt").asString()).isEqualTo(periodEnd.toString());

        // and the renewal falls due
        var renewal = advanceToRenewal(subscribed, subscription);

        // then it fails for the balance, and dunning retries a day after the due time
        var failed = awaitInvoice(subscribed, renewal.path("id").asString(), "open", "INSUFFICIENT_BALANCE");
        assertThat(failed.path("attemptCount").asInt()).isEqualTo(1);
        assertThat(failed.path("txHash").isNull()).isTrue();
        var dueAt = Instant.parse(failed.path("dueAt").asString());
        assertThat(Instant.parse(failed.path("nextAttemptAt").asString())).isEqualTo(dueAt.plus(Duration.ofDays(1)));
        assertThat(chain.balance(customer.address())).isEqualTo(left);

        // when the customer has the money again but revokes the vault's allowance, and the retry falls due
        chain.mint(customer.address(), TestChain.units("100"));
        chain.send(
                customer,
                chain.info().tokenAddress(),
                Erc20Abi.approve(chain.info().vaultAddress(), BigInteger.ZERO));
        Clocks.advance(api, subscribed.merchant().testKey(), Duration.ofDays(1).toSeconds());

        // then the second attempt fails for the allowance, and nothing moved
        var retried = awaitInvoice(subscribed, renewal.path("id").asString(), "open", "ALLOWANCE_REVOKED");
        assertThat(retried.path("attemptCount").asInt()).isEqualTo(2);
        assertThat(Instant.parse(retried.path("nextAttemptAt").asString()))
                .isEqualTo(dueAt.plus(Duration.ofDays(1 + 2)));
        assertThat(chain.balance(customer.address())).isEqualTo(left.add(TestChain.units("100")));
    }

    @Test
    void shouldReplaceTheRelayersStuckChargeWithAHigherFeeAndPayTheRenewalOnce() {
        // given an active subscription whose first invoice was paid
        var customer = chain.newWallet("100");
        var subscribed = subscribe("chain stuck charge", customer, TestChain.freshAddress());
        var subscription = Subscriptions.get(api, subscribed.merchant().testKey(), subscribed.id())
                .expect(200)
                .json();
        var node = chain.node();
        var relayer = chain.info().relayerAddress();

        // when the renewal falls due while no block comes, the relayer's charge waits in the node's pool
        node.pauseMining();
        String renewal;
        PendingTransaction stuck;
        PendingTransaction replacement;
        try {
            renewal = advanceToRenewal(subscribed, subscription).path("id").asString();
            stuck = node.awaitPending(relayer, null);
            // and the node's base fee rises above the most the charge offers: a block is mined without it
            node.setNextBlockBaseFee(stuck.maxFeePerGas().multiply(BigInteger.valueOf(4)));
            node.mine();
            assertThat(chain.receipt(stuck.hash()))
                    .as("the underpriced charge is not mined")
                    .isEmpty();

            // then the relayer sends it again with the same nonce and higher fees
            replacement = node.awaitPending(relayer, stuck.hash());
        } finally {
            node.resumeMining();
        }
        assertThat(replacement.nonce()).isEqualTo(stuck.nonce());
        assertThat(replacement.maxFeePerGas()).isGreaterThan(stuck.maxFeePerGas());
        assertThat(replacement.maxPriorityFeePerGas()).isGreaterThan(stuck.maxPriorityFeePerGas());

        // and the replacement is mined and pays the renewal, once: one Charged in the vault, one invoice.paid
        var paid = awaitInvoice(subscribed, renewal, "paid");
        assertThat(paid.path("txHash").asString()).isEqualToIgnoringCase(replacement.hash());
        assertPaidOnChain(paid);
        assertThat(chain.receipt(stuck.hash())).isEmpty();
        assertThat(chain.chargesOf(ChargeId.of(renewal))).isEqualTo(1);
        assertThat(ChainSubscriptions.paidEvents(api, subscribed.merchant(), renewal))
                .hasSize(1);
        assertThat(chain.balance(subscribed.payout()))
                .isEqualTo(TestChain.units(AMOUNT).multiply(BigInteger.TWO));
    }

    @Test
    void shouldRevokeTheMandateAndCancelAtPeriodEndWhenTheCustomerCancelsInTheVault() {
        // given an active subscription whose first invoice was paid
        var customer = chain.newWallet("100");
        var subscribed = subscribe("chain cancel", customer, TestChain.freshAddress());
        assertPaidOnChain(subscribed.firstInvoice());

        // when the customer cancels the mandate in the vault itself, with no API call
        chain.send(
                customer,
                chain.info().vaultAddress(),
                SubscriptionVaultAbi.cancel(SubscriptionRef.of(subscribed.id())));

        // then the subscription shows the mandate revoked and ends with its paid period
        var subscription = await("mandate of " + subscribed.id())
                .atMost(ChainStack.SETTLES)
                .until(
                        () -> Subscriptions.get(api, subscribed.merchant().testKey(), subscribed.id())
                                .expect(200)
                                .json(),
                        json -> "revoked".equals(json.path("mandateStatus").asString()));
        assertThat(subscription.path("cancelAtPeriodEnd").asBoolean()).isTrue();
        assertThat(subscription.path("status").asString()).isEqualTo("active");
    }

    /**
     * A merchant with its test clock frozen (a second ahead of now, so that the renewal's due time is an exact number
     * of seconds away) and a monthly subscription of {@link #AMOUNT} for the customer, active and its first invoice
     * paid.
     */
    private static Subscribed subscribe(String name, Wallet customer, String payout) {
        var merchant = api.newMerchant(name);
        Clocks.advance(api, merchant.testKey(), 1);
        return ChainSubscriptions.subscribe(api, chain, merchant, customer, payout, AMOUNT);
    }

    private static JsonNode advanceToRenewal(Subscribed subscribed, JsonNode subscription) {
        return ChainSubscriptions.advanceToRenewal(api, subscribed, subscription);
    }

    private static JsonNode awaitInvoice(Subscribed subscribed, String invoiceId, String status) {
        return ChainSubscriptions.awaitInvoice(api, subscribed.merchant(), invoiceId, status, null);
    }

    private static JsonNode awaitInvoice(
            Subscribed subscribed, String invoiceId, String status, @Nullable String failureCode) {
        return ChainSubscriptions.awaitInvoice(api, subscribed.merchant(), invoiceId, status, failureCode);
    }

    private static TransactionReceipt assertPaidOnChain(JsonNode invoice) {
        return ChainSubscriptions.assertPaidOnChain(chain, invoice);
    }
}
