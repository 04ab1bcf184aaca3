package io.abk.billing.localchain;

import static io.abk.billing.localchain.VaultFixture.TEN_USDC;
import static io.abk.billing.localchain.VaultFixture.assertRefused;
import static io.abk.billing.localchain.VaultFixture.newChargeId;
import static io.abk.billing.localchain.VaultFixture.newRef;
import static io.abk.billing.localchain.VaultFixture.newRefundId;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.OnChainSubscription;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.contracts.VaultError;
import io.abk.billing.contracts.VaultError.InvalidSubscriptionReason;
import io.abk.billing.contracts.VaultEvent;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.web3j.crypto.Credentials;

/** Subscribing, canceling and refunding against a real anvil, with the events read back by the Java decoders. */
class VaultLifecycleIT {

    private static final Instant ANCHOR = Instant.parse("2026-07-15T10:00:00Z");

    private static VaultFixture chain;
    private String snapshot;

    @BeforeAll
    static void startChain() {
        chain = new VaultFixture();
    }

    @AfterAll
    static void stopChain() {
        chain.close();
    }

    @BeforeEach
    void mark() {
        snapshot = chain.node.snapshot();
    }

    @AfterEach
    void rewind() {
        chain.node.revert(snapshot);
    }

    @Test
    void shouldStoreTheSubscriptionAndEmitSubscribed() {
        String ref = newRef();

        var receipt = chain.subscribe(ref, TEN_USDC, 12, ANCHOR);

        String customer = lower(chain.customer);
        String merchant = lower(chain.merchant);
        assertThat(chain.events(receipt))
                .containsExactly(
                        new VaultEvent.Subscribed(ref, customer, merchant, chain.token(), TEN_USDC, 12, ANCHOR));
        assertThat(chain.subscription(ref))
                .isEqualTo(new OnChainSubscription(
                        customer,
                        merchant,
                        chain.token(),
                        TEN_USDC,
                        12,
                        ANCHOR,
                        0,
                        false,
                        BigInteger.ZERO,
                        BigInteger.ZERO,
                        0));
        assertThat(SubscriptionVaultAbi.decodeTimestamp(
                        chain.tx.call(chain.vault(), SubscriptionVaultAbi.periodStart(ref, 2))))
                .isEqualTo(Instant.parse("2028-07-15T10:00:00Z"));
    }

    @Test
    void shouldRefuseAReusedRefAndInvalidMandates() {
        String ref = newRef();
        chain.subscribe(ref, TEN_USDC, 1, ANCHOR);
        assertRefused(() -> chain.subscribe(ref, TEN_USDC, 1, ANCHOR), new VaultError.RefAlreadyUsed(ref));

        String zero = "0x" + "0".repeat(40);
        assertRefused(
                () -> subscribe(zero, chain.token(), TEN_USDC, 1),
                new VaultError.InvalidSubscription(InvalidSubscriptionReason.ZERO_MERCHANT));
        assertRefused(
                () -> subscribe(lower(chain.merchant), zero, TEN_USDC, 1),
                new VaultError.InvalidSubscription(InvalidSubscriptionReason.ZERO_TOKEN));
        assertRefused(
                () -> subscribe(lower(chain.merchant), chain.token(), BigInteger.ZERO, 1),
                new VaultError.InvalidSubscription(InvalidSubscriptionReason.ZERO_AMOUNT));
        assertRefused(
                () -> subscribe(lower(chain.merchant), chain.token(), BigInteger.ONE.shiftLeft(96), 1),
                new VaultError.InvalidSubscription(InvalidSubscriptionReason.AMOUNT_TOO_LARGE));
        assertRefused(
                () -> subscribe(lower(chain.merchant), chain.token(), TEN_USDC, 0),
                new VaultError.InvalidSubscription(InvalidSubscriptionReason.INVALID_PERIOD));
        assertRefused(
                () -> subscribe(lower(chain.merchant), chain.token(), TEN_USDC, 121),
                new VaultError.InvalidSubscription(InvalidSubscriptionReason.INVALID_PERIOD));
    }

    @Test
    void shouldLetTheCustomerCancelAndNeverChargeAgain() {
        String ref = newRef();
        chain.subscribe(ref, TEN_USDC, 1, ANCHOR);
        chain.timeIs(ANCHOR);
        assertRefused(() -> cancel(chain.stranger, ref), new VaultError.NotCustomerOrRelayer());
        assertRefused(() -> cancel(chain.merchant, ref), new VaultError.NotCustomerOrRelayer());

        var receipt = cancel(chain.customer, ref);

        assertThat(chain.events(receipt)).containsExactly(new VaultEvent.Canceled(ref, lower(chain.customer)));
        assertThat(chain.subscription(ref).canceled()).isTrue();
        assertRefused(() -> chain.charge(ref, TEN_USDC, newChargeId()), new VaultError.SubscriptionIsCanceled(ref));
        assertRefused(() -> cancel(chain.customer, ref), new VaultError.SubscriptionIsCanceled(ref));
        assertThat(SubscriptionVaultAbi.decodeTimestamp(
                        chain.tx.call(chain.vault(), SubscriptionVaultAbi.nextChargeAt(ref))))
                .isEqualTo(Instant.EPOCH);
    }

    @Test
    void shouldLetTheRelayerCancel() {
        String ref = newRef();
        chain.subscribe(ref, TEN_USDC, 1, ANCHOR);

        var receipt = cancel(chain.relayer, ref);

        assertThat(chain.events(receipt)).containsExactly(new VaultEvent.Canceled(ref, lower(chain.relayer)));
        chain.timeIs(ANCHOR);
        assertRefused(() -> chain.charge(ref, TEN_USDC, newChargeId()), new VaultError.SubscriptionIsCanceled(ref));
    }

    @Test
    void shouldRefundFromMerchantToCustomerUpToWhatWasCharged() {
        String ref = newRef();
        chain.subscribe(ref, TEN_USDC, 1, ANCHOR);
        chain.timeIs(ANCHOR);
        assertRefused(
                () -> refund(chain.relayer, ref, BigInteger.ONE, newRefundId()),
                new VaultError.RefundAboveCharged(BigInteger.ONE, BigInteger.ZERO));
        chain.charge(ref, TEN_USDC, newChargeId());
        BigInteger customerBefore = chain.balance(lower(chain.customer));
        BigInteger merchantBefore = chain.balance(lower(chain.merchant));
        BigInteger part = BigInteger.valueOf(3_000_000);
        String refundId = newRefundId();

        var receipt = refund(chain.merchant, ref, part, refundId);

        assertThat(chain.events(receipt)).containsExactly(new VaultEvent.Refunded(ref, part, refundId));
        assertThat(chain.balance(lower(chain.customer))).isEqualTo(customerBefore.add(part));
        assertThat(chain.balance(lower(chain.merchant))).isEqualTo(merchantBefore.subtract(part));
        assertThat(chain.balance(chain.vault())).isZero();
        assertRefused(() -> refund(chain.relayer, ref, part, refundId), new VaultError.RefundIdUsed(refundId));
        BigInteger rest = TEN_USDC.subtract(part);
        BigInteger tooMuch = rest.add(BigInteger.ONE);
        assertRefused(
                () -> refund(chain.relayer, ref, tooMuch, newRefundId()),
                new VaultError.RefundAboveCharged(tooMuch, rest));
        assertRefused(
                () -> refund(chain.stranger, ref, BigInteger.ONE, newRefundId()),
                new VaultError.NotMerchantOrRelayer());
        assertRefused(
                () -> refund(chain.customer, ref, BigInteger.ONE, newRefundId()),
                new VaultError.NotMerchantOrRelayer());

        // Refunds outlive the mandate: the rest can still be paid back after cancel.
        cancel(chain.customer, ref);
        refund(chain.relayer, ref, rest, newRefundId());
        OnChainSubscription after = chain.subscription(ref);
        assertThat(after.totalRefunded()).isEqualTo(TEN_USDC);
        assertThat(after.refundable()).isZero();
    }

    @Test
    void shouldSurfaceTheMerchantsMissingAllowanceOnRefund() {
        String ref = newRef();
        chain.subscribe(ref, TEN_USDC, 1, ANCHOR);
        chain.timeIs(ANCHOR);
        chain.charge(ref, TEN_USDC, newChargeId());
        chain.tx.send(
                chain.merchant,
                chain.token(),
                io.abk.billing.contracts.Erc20Abi.approve(chain.vault(), BigInteger.ZERO));

        assertRefused(
                () -> refund(chain.relayer, ref, TEN_USDC, newRefundId()),
                new VaultError.InsufficientAllowance(chain.vault(), BigInteger.ZERO, TEN_USDC));
    }

    private void subscribe(String merchant, String token, BigInteger amount, int periodMonths) {
        chain.tx.send(
                chain.customer,
                chain.vault(),
                SubscriptionVaultAbi.subscribe(newRef(), merchant, token, amount, periodMonths, ANCHOR));
    }

    private static org.web3j.protocol.core.methods.response.TransactionReceipt cancel(Credentials by, String ref) {
        return chain.tx.send(by, chain.vault(), SubscriptionVaultAbi.cancel(ref));
    }

    private static org.web3j.protocol.core.methods.response.TransactionReceipt refund(
            Credentials by, String ref, BigInteger amount, String refundId) {
        return chain.tx.send(by, chain.vault(), SubscriptionVaultAbi.refund(ref, amount, refundId));
    }

    private static String lower(Credentials account) {
        return account.getAddress().toLowerCase(Locale.ROOT);
    }
}
