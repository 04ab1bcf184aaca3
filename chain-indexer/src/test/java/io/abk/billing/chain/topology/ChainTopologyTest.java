package io.abk.billing.chain.topology;

import static io.abk.billing.chain.ChainRequests.AMOUNT;
import static io.abk.billing.chain.ChainRequests.INVOICE;
import static io.abk.billing.chain.ChainRequests.MERCHANT;
import static io.abk.billing.chain.ChainRequests.REQUESTED_AT;
import static io.abk.billing.chain.ChainRequests.SUB;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.chain.ChainRequests;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.chain.settlement.ClaimHolder;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.SettleCharge;
import io.abk.billing.schemas.avro.SettleRefund;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.topic.Deployment;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ValueAndTimestamp;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Charges and refunds through the production topology with no chain configured (the sandbox): requests in on
 * {@code chain.requests}, result commands out on {@code billing.subscription-commands}.
 */
class ChainTopologyTest {

    @TempDir
    Path stateDir;

    private ChainTopologyDriver topology;
    private TestInputTopic<String, ChainRequest> requests;
    private TestInputTopic<String, byte[]> rawRequests;
    private TestOutputTopic<String, SubscriptionCommand> results;

    @BeforeEach
    void startDriver() {
        topology = new ChainTopologyDriver(stateDir, ConfiguredChains.NONE);
        requests = topology.requests;
        rawRequests = topology.rawRequests;
        results = topology.subscriptionResults;
    }

    @AfterEach
    void closeDriver() {
        topology.close();
    }

    @Test
    void shouldAnswerWithASucceededSettleChargeKeyedBySubscriptionWhenTheSandboxChargeSucceeds() {
        var request = ChainRequests.charge(1, Mode.TEST, null, null);

        requests.pipeInput(INVOICE, request);

        var result = single();
        assertThat(result.key()).isEqualTo(SUB);
        var command = result.value();
        assertThat(command.getCommandId()).isEqualTo(ChainRequests.resultCommandId(INVOICE + ":1"));
        assertThat(command.getSubscriptionId()).isEqualTo(SUB);
        assertThat(command.getMerchantId()).isEqualTo(MERCHANT);
        assertThat(command.getMode()).isEqualTo(Mode.TEST);
        assertThat(command.getRequestedAt()).isEqualTo(REQUESTED_AT);
        assertThat(command.getIdempotencyKey()).isNull();
        assertThat(command.getRequestId()).isNull();
        var charge = (SettleCharge) command.getPayload();
        assertThat(charge.getAttemptId()).isEqualTo(INVOICE + ":1");
        assertThat(charge.getInvoiceId()).isEqualTo(INVOICE);
        assertThat(charge.getSucceeded()).isTrue();
        assertThat(charge.getTxHash()).matches(ChainTopologyDriver.TX_HASH);
        assertThat(charge.getFailureCode()).isNull();
        assertThat(charge.getFailureMessage()).isNull();
        assertThat(settled().get(INVOICE + ":1").value()).isEqualTo(command);
        // The charge's hash is claimed by its invoice, so no payment can be confirmed with it; the claim names the
        // subscription and tenant, so a retraction of the charge can reopen the invoice.
        assertThat(ClaimHolder.parse(topology.claims().get(charge.getTxHash())))
                .isEqualTo(ClaimHolder.of(INVOICE, SUB, MERCHANT, Mode.TEST));
        assertThat(topology.paymentResults.isEmpty()).isTrue();
    }

    @Test
    void shouldAnswerWithTheSimulatedFailureCodeWhenTheChargeAsksForAFailingOutcome() {
        requests.pipeInput(INVOICE, ChainRequests.charge(1, Mode.TEST, "insufficient_balance", "success"));
        requests.pipeInput(INVOICE, ChainRequests.charge(2, Mode.TEST, null, "allowance_revoked"));

        var charges = results.readValuesToList().stream()
                .map(command -> (SettleCharge) command.getPayload())
                .toList();
        assertThat(charges).extracting(SettleCharge::getAttemptId).containsExactly(INVOICE + ":1", INVOICE + ":2");
        assertThat(charges).extracting(SettleCharge::getSucceeded).containsExactly(false, false);
        assertThat(charges)
                .extracting(SettleCharge::getFailureCode)
                .containsExactly("INSUFFICIENT_BALANCE", "ALLOWANCE_REVOKED");
        assertThat(charges)
                .extracting(SettleCharge::getFailureMessage)
                .containsExactly(
                        "The customer's wallet does not hold enough USDC",
                        "The customer revoked the vault's USDC allowance");
        assertThat(charges).extracting(SettleCharge::getTxHash).containsOnlyNulls();
    }

    @Test
    void shouldAnswerWithASucceededSettleRefundOfTheRequestedAmountWhenATestRefundArrives() {
        requests.pipeInput(INVOICE, ChainRequests.refund(1, Mode.TEST, 2_500_000));

        var command = single().value();
        assertThat(command.getCommandId()).isEqualTo(ChainRequests.resultCommandId(INVOICE + ":refund:1"));
        var refund = (SettleRefund) command.getPayload();
        assertThat(refund.getRefundId()).isEqualTo(INVOICE + ":refund:1");
        assertThat(refund.getInvoiceId()).isEqualTo(INVOICE);
        assertThat(refund.getAmountMicros()).isEqualTo(2_500_000);
        assertThat(refund.getSucceeded()).isTrue();
        assertThat(refund.getTxHash()).matches(ChainTopologyDriver.TX_HASH);
        assertThat(refund.getFailureCode()).isNull();
    }

    @Test
    void shouldReemitTheIdenticalResultWithoutSettlingAgainWhenTheSameRequestArrivesTwice() {
        requests.pipeInput(INVOICE, ChainRequests.charge(1, Mode.TEST, null, null));
        var first = single();

        // The same attempt again, even asking for another outcome: it was settled once and stays settled.
        requests.pipeInput(INVOICE, ChainRequests.charge(1, Mode.TEST, "insufficient_balance", null));

        var again = single();
        assertThat(again.key()).isEqualTo(first.key());
        assertThat(again.value()).isEqualTo(first.value());
        assertThat(((SettleCharge) again.value().getPayload()).getSucceeded()).isTrue();
    }

    @Test
    void shouldAnswerRelayerErrorWhenALiveRequestArrivesWithNoLiveChain() {
        requests.pipeInput(INVOICE, ChainRequests.charge(1, Mode.LIVE, null, null));
        requests.pipeInput(INVOICE, ChainRequests.refund(1, Mode.LIVE, AMOUNT));

        var answers = results.readValuesToList();
        assertThat(answers).extracting(SubscriptionCommand::getMode).containsExactly(Mode.LIVE, Mode.LIVE);
        var charge = (SettleCharge) answers.get(0).getPayload();
        assertThat(charge.getSucceeded()).isFalse();
        assertThat(topology.claimedHashes()).isEmpty();
        assertThat(charge.getFailureCode()).isEqualTo("RELAYER_ERROR");
        assertThat(charge.getFailureMessage()).isEqualTo("No live chain is configured for settlement");
        var refund = (SettleRefund) answers.get(1).getPayload();
        assertThat(refund.getSucceeded()).isFalse();
        assertThat(refund.getFailureCode()).isEqualTo("RELAYER_ERROR");
        assertThat(refund.getTxHash()).isNull();
    }

    @Test
    void shouldAnswerMalformedRequestsWithRelayerErrorAndSkipUnaddressableOnesWhenTheyArrive() {
        rawRequests.pipeInput(INVOICE, "not avro".getBytes(StandardCharsets.UTF_8));
        var nobodyToAnswer = ChainRequest.newBuilder(ChainRequests.charge(1, Mode.TEST, null, null))
                .setSubscriptionId(" ")
                .build();
        requests.pipeInput(INVOICE, nobodyToAnswer);
        // subscriptionId and invoiceId became optional for payments; a charge or refund without them reaches nobody
        requests.pipeInput(
                INVOICE,
                ChainRequest.newBuilder(ChainRequests.charge(1, Mode.TEST, null, null))
                        .setInvoiceId(null)
                        .build());
        requests.pipeInput(
                INVOICE,
                ChainRequest.newBuilder(ChainRequests.refund(1, Mode.TEST, AMOUNT))
                        .setSubscriptionId(null)
                        .build());
        var zeroAmount = ChainRequest.newBuilder(ChainRequests.charge(2, Mode.TEST, null, null))
                .setAmountMicros(0)
                .build();
        requests.pipeInput(INVOICE, zeroAmount);
        requests.pipeInput(INVOICE, ChainRequests.charge(3, Mode.TEST, null, null));

        // The unreadable and unaddressable records are skipped; the task carries on and answers the rest.
        var answers = results.readValuesToList().stream()
                .map(command -> (SettleCharge) command.getPayload())
                .toList();
        assertThat(answers).extracting(SettleCharge::getAttemptId).containsExactly(INVOICE + ":2", INVOICE + ":3");
        assertThat(answers.get(0).getFailureCode()).isEqualTo("RELAYER_ERROR");
        assertThat(answers.get(0).getFailureMessage())
                .isEqualTo("Malformed settlement request: amountMicros must be positive, was 0");
        assertThat(answers.get(1).getSucceeded()).isTrue();
        assertThat(topology.paymentResults.isEmpty()).isTrue();
    }

    @Test
    void shouldForgetAnAnswerWhenItIsOlderThanTheRetention() {
        requests.pipeInput(INVOICE, ChainRequests.charge(1, Mode.TEST, null, null));
        topology.driver.advanceWallClockTime(Duration.ofDays(7));
        requests.pipeInput(INVOICE, ChainRequests.charge(2, Mode.TEST, null, null));
        assertThat(settled().get(INVOICE + ":1")).isNotNull();

        // Eight days after the first answer (plus a sweep interval), only the younger one is left.
        topology.driver.advanceWallClockTime(Duration.ofDays(1).plusMinutes(2));

        assertThat(settled().get(INVOICE + ":1")).isNull();
        assertThat(settled().get(INVOICE + ":2")).isNotNull();
        assertThat(results.readValuesToList()).hasSize(2);
    }

    @Test
    void shouldNameEveryNodeStoreAndInternalTopicWhenDescribed() {
        var props = ChainIndexerSettings.defaults("unused:9092", stateDir).streamsProperties();

        var description = ChainTopology.build(Deployment.DEFAULT, ConfiguredChains.NONE, props)
                .describe()
                .toString();

        // A generated name (KSTREAM-...-0000000003) changes when the topology does, renaming stores and topics.
        assertThat(description)
                .doesNotContain("KSTREAM-", "KTABLE-")
                .contains(
                        "chain-requests-source",
                        "settlement-processor",
                        "stores: [settled-payment-requests, settled-requests]",
                        "settlement-results-sink",
                        "verification-results-sink",
                        "tx-claims-repartition-sink",
                        "tx-claims-repartition-source",
                        "tx-claims-processor",
                        "stores: [tx-claims]",
                        "claim-results-sink");
    }

    private TestRecord<String, SubscriptionCommand> single() {
        List<TestRecord<String, SubscriptionCommand>> records = results.readRecordsToList();
        assertThat(records).hasSize(1);
        return records.getFirst();
    }

    private KeyValueStore<String, ValueAndTimestamp<SubscriptionCommand>> settled() {
        return topology.settled();
    }
}
