package io.abk.billing.localchain;

import static io.abk.billing.localchain.VaultFixture.TEN_USDC;
import static io.abk.billing.localchain.VaultFixture.assertRefused;
import static io.abk.billing.localchain.VaultFixture.newChargeId;
import static io.abk.billing.localchain.VaultFixture.newRef;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.ChargeRecord;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.contracts.VaultError;
import io.abk.billing.contracts.VaultEvent;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.web3j.crypto.Credentials;

/** The vault's charging rules against a real anvil: who may charge, how often, how much, and with which ids. */
class VaultChargeIT {

    private static final Instant ANCHOR = Instant.parse("2026-07-15T10:00:00Z");
    private static final Instant SECOND_PERIOD = Instant.parse("2026-08-15T10:00:00Z");

    private static VaultFixture chain;
    private String snapshot;
    private String ref;

    @BeforeAll
    static void startChain() {
        chain = new VaultFixture();
    }

    @AfterAll
    static void stopChain() {
        chain.close();
    }

    @BeforeEach
    void subscribeMonthly() {
        snapshot = chain.node.snapshot();
        ref = newRef();
        chain.subscribe(ref, TEN_USDC, 1, ANCHOR);
    }

    @AfterEach
    void rewind() {
        chain.node.revert(snapshot);
    }

    @Test
    void shouldAcceptChargesOnlyFromTheRelayer() {
        chain.timeIs(ANCHOR);
        for (Credentials caller : new Credentials[] {chain.customer, chain.merchant, chain.stranger, chain.deployer}) {
            assertRefused(
                    () -> chain.tx.send(
                            caller, chain.vault(), SubscriptionVaultAbi.charge(ref, TEN_USDC, newChargeId())),
                    new VaultError.NotRelayer());
        }
        chain.charge(ref, TEN_USDC, newChargeId());
    }

    @Test
    void shouldRefuseAChargeBeforeTheFirstPeriodStarts() {
        chain.nextTransactionAt(ANCHOR.minusSeconds(1));
        assertRefused(
                () -> chain.charge(ref, TEN_USDC, newChargeId()), new VaultError.PeriodNotStarted(ref, 0, ANCHOR));
        chain.nextTransactionAt(ANCHOR);
        chain.charge(ref, TEN_USDC, newChargeId());
    }

    // Protects the customer against a relayer that retries or loops: one charge per period, whatever it asks.
    @Test
    void shouldRefuseASecondChargeInTheSamePeriodAndAcceptTheNextPeriodOnceStarted() {
        chain.timeIs(ANCHOR);
        chain.charge(ref, TEN_USDC, newChargeId());

        assertRefused(
                () -> chain.charge(ref, TEN_USDC, newChargeId()),
                new VaultError.PeriodNotStarted(ref, 1, SECOND_PERIOD));
        chain.timeIs(SECOND_PERIOD.minus(Duration.ofHours(1)));
        assertRefused(
                () -> chain.charge(ref, TEN_USDC, newChargeId()),
                new VaultError.PeriodNotStarted(ref, 1, SECOND_PERIOD));

        chain.timeIs(SECOND_PERIOD);
        var receipt = chain.charge(ref, TEN_USDC, newChargeId());
        assertThat(chain.events(receipt))
                .singleElement()
                .isInstanceOfSatisfying(
                        VaultEvent.Charged.class,
                        charged -> assertThat(charged.periodIndex()).isEqualTo(1));
        assertRefused(
                () -> chain.charge(ref, TEN_USDC, newChargeId()),
                new VaultError.PeriodNotStarted(ref, 2, Instant.parse("2026-09-15T10:00:00Z")));
    }

    @Test
    void shouldAcceptALateChargeDaysAfterThePeriodStarted() {
        chain.timeIs(ANCHOR.plus(Duration.ofDays(9)));
        chain.charge(ref, TEN_USDC, newChargeId());
        // The late first charge does not move the calendar: the second period still starts on the anchor's day.
        assertThat(SubscriptionVaultAbi.decodeTimestamp(
                        chain.tx.call(chain.vault(), SubscriptionVaultAbi.nextChargeAt(ref))))
                .isEqualTo(SECOND_PERIOD);
    }

    @Test
    void shouldNeverChargeMoreThanTheMandateButAcceptLess() {
        chain.timeIs(ANCHOR);
        BigInteger more = TEN_USDC.add(BigInteger.ONE);
        assertRefused(() -> chain.charge(ref, more, newChargeId()), new VaultError.AmountAboveMandate(more, TEN_USDC));
        assertRefused(() -> chain.charge(ref, BigInteger.ZERO, newChargeId()), new VaultError.ZeroAmount());

        BigInteger downgraded = BigInteger.valueOf(4_000_000);
        chain.charge(ref, downgraded, newChargeId());
        assertThat(chain.subscription(ref).totalCharged()).isEqualTo(downgraded);
    }

    // Protects against paying an invoice twice when the relayer crashes after sending and sends again.
    @Test
    void shouldAcceptEachChargeIdOnceEvenInALaterPeriod() {
        chain.timeIs(ANCHOR);
        String chargeId = newChargeId();
        var receipt = chain.charge(ref, TEN_USDC, chargeId);
        assertRefused(() -> chain.charge(ref, TEN_USDC, chargeId), new VaultError.ChargeIdUsed(chargeId));

        chain.timeIs(SECOND_PERIOD);
        assertRefused(() -> chain.charge(ref, TEN_USDC, chargeId), new VaultError.ChargeIdUsed(chargeId));
        assertThat(SubscriptionVaultAbi.decodeChargeRecord(
                        chain.tx.call(chain.vault(), SubscriptionVaultAbi.chargeOf(chargeId))))
                .isEqualTo(new ChargeRecord(0, receipt.getBlockNumber().longValueExact(), true));
        assertThat(SubscriptionVaultAbi.decodeChargeRecord(
                                chain.tx.call(chain.vault(), SubscriptionVaultAbi.chargeOf(newChargeId())))
                        .exists())
                .isFalse();
    }

    @Test
    void shouldMoveTokensFromCustomerToMerchantAndKeepNoneInTheVault() {
        chain.timeIs(ANCHOR);
        BigInteger customerBefore = chain.balance(chain.customer.getAddress());
        BigInteger merchantBefore = chain.balance(chain.merchant.getAddress());
        String chargeId = newChargeId();

        var receipt = chain.charge(ref, TEN_USDC, chargeId);

        assertThat(chain.balance(chain.customer.getAddress())).isEqualTo(customerBefore.subtract(TEN_USDC));
        assertThat(chain.balance(chain.merchant.getAddress())).isEqualTo(merchantBefore.add(TEN_USDC));
        assertThat(chain.balance(chain.vault())).isZero();
        assertThat(chain.events(receipt)).containsExactly(new VaultEvent.Charged(ref, 0, TEN_USDC, chargeId));
        var subscription = chain.subscription(ref);
        assertThat(subscription.chargeCount()).isEqualTo(1);
        assertThat(subscription.totalCharged()).isEqualTo(TEN_USDC);
    }

    @Test
    void shouldSurfaceTheTokensErrorsWhenBalanceOrAllowanceIsShort() {
        chain.timeIs(ANCHOR);
        String customer = chain.customer.getAddress().toLowerCase();
        BigInteger balance = chain.balance(customer);
        chain.tx.send(
                chain.customer,
                chain.token(),
                io.abk.billing.contracts.Erc20Abi.transfer(
                        chain.stranger.getAddress(), balance.subtract(BigInteger.ONE)));
        assertRefused(
                () -> chain.charge(ref, TEN_USDC, newChargeId()),
                new VaultError.InsufficientBalance(customer, BigInteger.ONE, TEN_USDC));

        chain.tx.send(
                chain.customer,
                chain.token(),
                io.abk.billing.contracts.Erc20Abi.approve(chain.vault(), BigInteger.valueOf(5)));
        assertRefused(
                () -> chain.charge(ref, TEN_USDC, newChargeId()),
                new VaultError.InsufficientAllowance(chain.vault(), BigInteger.valueOf(5), TEN_USDC));
        // A refused charge uses up neither the period nor anything else.
        assertThat(chain.subscription(ref).chargeCount()).isZero();
    }

    @Test
    void shouldRefuseChargesOfAnUnknownSubscription() {
        String unknown = newRef();
        assertRefused(
                () -> chain.charge(unknown, TEN_USDC, newChargeId()), new VaultError.UnknownSubscription(unknown));
    }
}
