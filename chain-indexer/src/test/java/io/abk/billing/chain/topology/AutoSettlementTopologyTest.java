package io.abk.billing.chain.topology;

import static io.abk.billing.chain.ChainTransfers.BLOCK_TIME;
import static io.abk.billing.chain.ChainTransfers.CUSTOMER;
import static io.abk.billing.chain.ChainTransfers.MERCHANT;
import static io.abk.billing.chain.ChainTransfers.PAYOUT;
import static io.abk.billing.chain.ChainTransfers.USDC;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.ChainRequests;
import io.abk.billing.chain.ChainTransfers;
import io.abk.billing.chain.autosettle.AutoSettlementSettings;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.schemas.avro.ActivateSubscription;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.Executed;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PayFromChain;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.ReverseCharge;
import io.abk.billing.schemas.avro.ReversePayment;
import io.abk.billing.schemas.avro.RevokeMandate;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Deployment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Auto-settlement through the production topology: confirmed logs on {@code chain.transfers} and snapshots on
 * {@code billing.changes} in, commands to the billing aggregates out.
 */
class AutoSettlementTopologyTest {

    private static final String PAY = "pay_01jvqz0000000000000000000p";
    private static final String OTHER = "pay_01jvqz0000000000000000000q";
    private static final String SUB = "sub_01jvqz0000000000000000000s";
    private static final String TX = "0x" + "a1".repeat(32);
    private static final String RELAYER = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
    private static final long TEN_USDC = 10_000_000;

    @TempDir
    Path stateDir;

    private ChainTopologyDriver topology;

    @BeforeEach
    void startDriver() {
        var settings = new AutoSettlementSettings(
                Map.of(Mode.TEST, USDC, Mode.LIVE, USDC),
                Map.of(Mode.TEST, 6, Mode.LIVE, 6),
                Set.of(RELAYER),
                Set.of(Mode.TEST, Mode.LIVE));
        topology = new ChainTopologyDriver(stateDir, new ConfiguredChains(true, true), settings);
    }

    @AfterEach
    void closeDriver() {
        topology.close();
    }

    @Test
    void shouldPayTheOnlyOpenPaymentWhenATransferFromItsWalletCarriesItsAmount() {
        topology.changes.pipeInput(PAY, ChainTransfers.paymentChange(PAY, "open", TEN_USDC, CUSTOMER, Mode.TEST));

        publish(ChainTransfers.transfer(TX, CUSTOMER, PAYOUT, TEN_USDC + 1, false));

        var command = topology.paymentResults.readKeyValue();
        assertThat(command.key).isEqualTo(PAY);
        assertThat(command.value.getMerchantId()).isEqualTo(MERCHANT);
        assertThat(command.value.getRequestedAt()).isEqualTo(BLOCK_TIME);
        assertThat(command.value.getPayload())
                .isEqualTo(new PayFromChain("31337:" + TX + ":0", TX, CUSTOMER, TEN_USDC + 1, null));
        assertThat(topology.claimedHashes()).isEqualTo(Map.of(TX, PAY));
    }

    @Test
    void shouldPayNothingWhenTheTransferIsOfAnotherTokenThanUsdc() {
        // Protects against paying a USDC payment with USDT the follower publishes for the USDT verifier.
        topology.changes.pipeInput(PAY, ChainTransfers.paymentChange(PAY, "open", TEN_USDC, CUSTOMER, Mode.TEST));
        var usdt = ChainTransfer.newBuilder(ChainTransfers.transfer(TX, CUSTOMER, PAYOUT, TEN_USDC, false))
                .setContract("0x" + "d7".repeat(20))
                .build();

        publish(usdt);
        publish(ChainTransfer.newBuilder(usdt).setRetracted(true).build());

        assertThat(topology.paymentResults.isEmpty()).isTrue();
        assertThat(topology.claimedHashes()).isEmpty();
    }

    @Test
    void shouldPayNothingWhenTheSenderTheAmountOrTheStatusDoesNotFit() {
        topology.changes.pipeInput(PAY, ChainTransfers.paymentChange(PAY, "open", TEN_USDC, CUSTOMER, Mode.TEST));
        topology.changes.pipeInput(OTHER, ChainTransfers.paymentChange(OTHER, "paid", TEN_USDC, null, Mode.TEST));

        publish(ChainTransfers.transfer(TX, "0x" + "11".repeat(20), PAYOUT, TEN_USDC, false));
        publish(ChainTransfers.transfer("0x" + "a2".repeat(32), CUSTOMER, PAYOUT, TEN_USDC - 1, false));
        publish(ChainTransfers.transfer("0x" + "a3".repeat(32), CUSTOMER, "0x" + "22".repeat(20), TEN_USDC, false));

        assertThat(topology.paymentResults.isEmpty()).isTrue();
        assertThat(topology.claimedHashes()).isEmpty();
    }

    @Test
    void shouldPayNoneWhenTwoOpenPaymentsCouldTakeTheTransfer() {
        // Guards against paying the wrong order of two alike: the customer's confirm with the hash decides.
        topology.changes.pipeInput(PAY, ChainTransfers.paymentChange(PAY, "open", TEN_USDC, null, Mode.TEST));
        topology.changes.pipeInput(OTHER, ChainTransfers.paymentChange(OTHER, "expired", TEN_USDC, null, Mode.TEST));

        publish(ChainTransfers.transfer(TX, CUSTOMER, PAYOUT, TEN_USDC, false));

        assertThat(topology.paymentResults.isEmpty()).isTrue();
    }

    @Test
    void shouldPayWithTheCustomersOwnTransferAndNeverWithTheVaultsWhenBothAreInOneBlock() {
        // Protects against a subscription's charge paying a one-time payment of the same customer and payout address:
        // the charge's transfer comes first in the block, before the relayer's answer has claimed its hash.
        topology.changes.pipeInput(PAY, ChainTransfers.paymentChange(PAY, "open", TEN_USDC, CUSTOMER, Mode.TEST));
        var own = "0x" + "a4".repeat(32);
        var chargeTransfer = ChainTransfers.vaultTransfer(TX, CUSTOMER, PAYOUT, TEN_USDC);

        publish(chargeTransfer);
        publish(ChainTransfers.charged(TX, SubscriptionRef.of(SUB), false));
        publish(ChainTransfers.transfer(own, CUSTOMER, PAYOUT, TEN_USDC, false));

        var paid = topology.paymentResults.readValuesToList();
        assertThat(paid)
                .extracting(command -> ((PayFromChain) command.getPayload()).getTxHash())
                .containsExactly(own);
        assertThat(topology.claimedHashes()).isEqualTo(Map.of(own, PAY));

        // and its retraction reopens nothing by itself: the vault's Charged answers for the charge's transaction
        publish(ChainTransfers.retracted(chargeTransfer));
        assertThat(topology.paymentResults.isEmpty()).isTrue();
        assertThat(topology.subscriptionResults.isEmpty()).isTrue();
    }

    @Test
    void shouldNotPayAPaymentWithAHashThatAlreadyPaidAnInvoice() {
        topology.relayerResults.pipeInput(
                ChainRequests.INVOICE,
                new ChainResult(
                        ChainRequests.charge(1, Mode.TEST, null, null), BLOCK_TIME, new Executed(TX, null, null)));
        topology.subscriptionResults.readValuesToList();
        topology.changes.pipeInput(PAY, ChainTransfers.paymentChange(PAY, "open", TEN_USDC, CUSTOMER, Mode.TEST));

        publish(ChainTransfers.transfer(TX, CUSTOMER, PAYOUT, TEN_USDC, false));

        assertThat(topology.paymentResults.isEmpty()).isTrue();
        assertThat(topology.claimedHashes()).isEqualTo(Map.of(TX, ChainRequests.INVOICE));
    }

    @Test
    void shouldReopenThePaymentWhenTheTransferThatPaidItIsRetracted() {
        topology.changes.pipeInput(PAY, ChainTransfers.paymentChange(PAY, "open", TEN_USDC, CUSTOMER, Mode.TEST));
        var transfer = ChainTransfers.transfer(TX, CUSTOMER, PAYOUT, TEN_USDC, false);
        publish(transfer);
        var paid = topology.paymentResults.readValue();
        topology.changes.pipeInput(PAY, ChainTransfers.paymentChange(PAY, "paid", TEN_USDC, CUSTOMER, Mode.TEST));

        publish(ChainTransfers.retracted(transfer));

        PaymentCommand reversal = topology.paymentResults.readValue();
        assertThat(reversal.getPaymentId()).isEqualTo(PAY);
        assertThat(reversal.getMerchantId()).isEqualTo(MERCHANT);
        assertThat(reversal.getPayload()).isEqualTo(new ReversePayment("31337:" + TX + ":0", TX));
        assertThat(reversal.getCommandId()).isNotEqualTo(paid.getCommandId());
    }

    @Test
    void shouldReopenTheInvoiceWhenTheVaultChargeThatPaidItIsRetracted() {
        var charge = ChainRequests.charge(1, Mode.TEST, null, null);
        topology.relayerResults.pipeInput(
                ChainRequests.INVOICE, new ChainResult(charge, BLOCK_TIME, new Executed(TX, null, null)));
        topology.subscriptionResults.readValuesToList();

        publish(ChainTransfers.charged(TX, SubscriptionRef.of(ChainRequests.SUB), true));

        SubscriptionCommand reversal = topology.subscriptionResults.readValue();
        assertThat(reversal.getSubscriptionId()).isEqualTo(ChainRequests.SUB);
        assertThat(reversal.getPayload()).isEqualTo(new ReverseCharge(ChainRequests.INVOICE, TX, "31337:" + TX + ":1"));
    }

    @Test
    void shouldActivateTheSubscriptionWhenTheVaultSubscriptionHasItsTerms() {
        var ref = SubscriptionRef.of(SUB);
        topology.changes.pipeInput(
                SUB, ChainTransfers.subscriptionChange(SUB, "incomplete", "pending", TEN_USDC, "month"));

        publish(ChainTransfers.subscribed(TX, ref, PAYOUT, TEN_USDC, 1));

        var command = topology.subscriptionResults.readKeyValue();
        assertThat(command.key).isEqualTo(SUB);
        assertThat(command.value.getPayload()).isEqualTo(new ActivateSubscription(ref));
    }

    @Test
    void shouldActivateOnceTheSubscriptionIsKnownWhenTheVaultEventCameFirst() {
        var ref = SubscriptionRef.of(SUB);
        publish(ChainTransfers.subscribed(TX, ref, PAYOUT, TEN_USDC, 1));
        assertThat(topology.subscriptionResults.isEmpty()).isTrue();

        topology.changes.pipeInput(
                SUB, ChainTransfers.subscriptionChange(SUB, "incomplete", "pending", TEN_USDC, "month"));

        assertThat(topology.subscriptionResults.readValue().getPayload()).isEqualTo(new ActivateSubscription(ref));
    }

    @Test
    void shouldStillActivateWhenTheSubscriptionIsKnownJustWithinTheRetention() {
        var ref = SubscriptionRef.of(SUB);
        publish(ChainTransfers.subscribed(TX, ref, PAYOUT, TEN_USDC, 1));

        topology.driver.advanceWallClockTime(
                AutoSettlementSettings.DEFAULT_PENDING_VAULT_EVENT_RETENTION.minusMinutes(2));
        topology.changes.pipeInput(
                SUB, ChainTransfers.subscriptionChange(SUB, "incomplete", "pending", TEN_USDC, "month"));

        assertThat(topology.subscriptionResults.readValue().getPayload()).isEqualTo(new ActivateSubscription(ref));
        assertThat(pendingVaultEvents()).isZero();
    }

    /** Protects against a real bug: a vault event naming no subscription of ours was kept for ever. */
    @Test
    void shouldDropAVaultEventWhenNoSubscriptionClaimsItWithinTheRetention() {
        var ref = SubscriptionRef.of(SUB);
        publish(ChainTransfers.subscribed(TX, ref, PAYOUT, TEN_USDC, 1));
        topology.driver.advanceWallClockTime(
                AutoSettlementSettings.DEFAULT_PENDING_VAULT_EVENT_RETENTION.minusMinutes(2));
        assertThat(pendingVaultEvents()).isEqualTo(1);

        // Past the retention (plus a sweep interval) the event is gone, and a late subscription activates nothing.
        topology.driver.advanceWallClockTime(Duration.ofMinutes(4));
        topology.changes.pipeInput(
                SUB, ChainTransfers.subscriptionChange(SUB, "incomplete", "pending", TEN_USDC, "month"));

        assertThat(pendingVaultEvents()).isZero();
        assertThat(topology.subscriptionResults.isEmpty()).isTrue();
    }

    @Test
    void shouldKeepAtMostSixteenVaultEventsWaitingUnderOneReference() {
        var ref = SubscriptionRef.of(SUB);

        for (int i = 0; i < 20; i++) {
            publish(ChainTransfers.canceled("0x" + "%064x".formatted(i + 1), ref, CUSTOMER));
        }

        assertThat(pendingVaultEvents()).isEqualTo(16);
        topology.changes.pipeInput(SUB, ChainTransfers.subscriptionChange(SUB, "active", "active", TEN_USDC, "month"));
        assertThat(topology.subscriptionResults.readValuesToList()).hasSize(16);
        assertThat(pendingVaultEvents()).isZero();
    }

    @Test
    void shouldNotActivateWhenTheVaultSubscriptionHasOtherTerms() {
        var ref = SubscriptionRef.of(SUB);
        topology.changes.pipeInput(
                SUB, ChainTransfers.subscriptionChange(SUB, "incomplete", "pending", TEN_USDC, "month"));

        publish(ChainTransfers.subscribed(TX, ref, PAYOUT, TEN_USDC - 1, 1));
        publish(ChainTransfers.subscribed("0x" + "a2".repeat(32), ref, CUSTOMER, TEN_USDC, 1));
        publish(ChainTransfers.subscribed("0x" + "a3".repeat(32), ref, PAYOUT, TEN_USDC, 12));

        assertThat(topology.subscriptionResults.isEmpty()).isTrue();
    }

    @Test
    void shouldRevokeTheMandateWhenTheCustomerCancelsInTheVaultButNotWhenTheRelayerDoes() {
        var ref = SubscriptionRef.of(SUB);
        topology.changes.pipeInput(SUB, ChainTransfers.subscriptionChange(SUB, "active", "active", TEN_USDC, "month"));

        publish(ChainTransfers.canceled("0x" + "a2".repeat(32), ref, RELAYER));
        assertThat(topology.subscriptionResults.isEmpty()).isTrue();
        publish(ChainTransfers.canceled(TX, ref, CUSTOMER));

        assertThat(topology.subscriptionResults.readValue().getPayload()).isEqualTo(new RevokeMandate("chain"));
    }

    @Test
    void shouldIndexNothingOfAModeWithoutAChain() {
        topology.close();
        var testOnly = new AutoSettlementSettings(
                Map.of(Mode.TEST, USDC, Mode.LIVE, USDC),
                Map.of(Mode.TEST, 6, Mode.LIVE, 6),
                Set.of(),
                Set.of(Mode.TEST, Mode.LIVE));
        topology = new ChainTopologyDriver(stateDir.resolve("test-only"), new ConfiguredChains(true, false), testOnly);
        topology.changes.pipeInput(PAY, ChainTransfers.paymentChange(PAY, "open", TEN_USDC, CUSTOMER, Mode.LIVE));

        publish(ChainTransfer.newBuilder(ChainTransfers.transfer(TX, CUSTOMER, PAYOUT, TEN_USDC, false))
                .setMode(Mode.LIVE)
                .build());

        assertThat(topology.paymentResults.isEmpty()).isTrue();
        assertThat(topology.driver.getKeyValueStore("payments-by-payout").approximateNumEntries())
                .isZero();
    }

    @Test
    void shouldLeaveAutoSettlementOutWhenNoChainIsConfigured() {
        topology.close();
        var props = io.abk.billing.chain.ChainIndexerSettings.defaults("unused:9092", stateDir)
                .streamsProperties();

        var description = ChainTopology.build(Deployment.DEFAULT, ConfiguredChains.NONE, props)
                .describe()
                .toString();

        assertThat(description).doesNotContain("chain.transfers").doesNotContain("payments-by-payout");
        topology = new ChainTopologyDriver(stateDir.resolve("after"), new ConfiguredChains(true, true));
    }

    /** Counted one by one: RocksDB's approximate count can be off after deletes. */
    private long pendingVaultEvents() {
        try (var entries = topology.driver
                .getTimestampedKeyValueStore("pending-vault-events")
                .all()) {
            long count = 0;
            for (; entries.hasNext(); entries.next()) {
                count++;
            }
            return count;
        }
    }

    private void publish(ChainTransfer transfer) {
        topology.transfers.pipeInput(ChainTransfers.key(transfer), transfer);
    }
}
