package io.abk.billing.chain.topology;

import static io.abk.billing.chain.ChainRequests.INVOICE;
import static io.abk.billing.chain.ChainRequests.SUB;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.ChainRequests;
import io.abk.billing.chain.domain.settlement.ConfiguredChains;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainRequestBatch;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.SettleCharge;
import io.abk.billing.schemas.avro.SettleFundingCheck;
import io.abk.billing.schemas.avro.SettleRequests;
import io.abk.billing.schemas.avro.SettlementItem;
import io.abk.billing.schemas.command.SettlementItems;
import java.nio.file.Path;
import java.util.List;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code ChainRequestBatch} (the charges of a batch of renewals, the funding checks of a batch of checks) through
 * the production topology: each request is settled as if it had come alone, and the answers settlement gives itself go
 * out as one {@code SettleRequests}; the requests a chain must execute are left to its relayer.
 */
class ChainTopologyBatchTest {

    private static final String OTHER_SUB = "sub_01jvqz0000000000000000000b";
    private static final String OTHER_INVOICE = "inv_01jvqz0000000000000000000b";

    @TempDir
    Path stateDir;

    /** A charge of {@link ChainRequests#charge}'s shape for another subscription and invoice. */
    private static ChainRequest otherCharge(Mode mode) {
        var requestId = OTHER_INVOICE + ":1";
        return ChainRequest.newBuilder(ChainRequests.charge(1, mode, null, null))
                .setRequestId(requestId)
                .setResultCommandId(ChainRequests.resultCommandId(requestId))
                .setSubscriptionId(OTHER_SUB)
                .setInvoiceId(OTHER_INVOICE)
                .build();
    }

    /** The requests as billing-streams sends them together: the first one's fields, its ids prefixed. */
    private static ChainRequest batch(ChainRequest... requests) {
        var first = requests[0];
        return ChainRequest.newBuilder(first)
                .setRequestId("batch:" + first.getRequestId())
                .setResultCommandId("batch:" + first.getResultCommandId())
                .setInvoiceId(null)
                .setAmountMicros(0)
                .setWalletAddress(null)
                .setPayload(new ChainRequestBatch(List.of(requests)))
                .build();
    }

    @Test
    void shouldAnswerTheSandboxRequestsOfABatchInOneCommandAndTheSameAgainWhenTheBatchIsReadAgain() {
        try (var topology = new ChainTopologyDriver(stateDir, ConfiguredChains.NONE)) {
            var charge = ChainRequests.charge(1, Mode.TEST, null, null);
            var other = otherCharge(Mode.TEST);
            var funding = ChainRequests.funding(Mode.TEST, "insufficient_balance");
            var batch = batch(charge, other, funding);

            topology.requests.pipeInput(SUB, batch);

            var answer = single(topology.subscriptionResults.readRecordsToList());
            assertThat(answer.key()).isEqualTo(SUB);
            var command = answer.value();
            assertThat(command.getCommandId()).isEqualTo("settlements:" + charge.getResultCommandId());
            assertThat(command.getSubscriptionId()).isEqualTo(SUB);
            var items = ((SettleRequests) command.getPayload()).getItems();
            assertThat(items)
                    .extracting(SettlementItem::getCommandId)
                    .containsExactly(
                            charge.getResultCommandId(), other.getResultCommandId(), funding.getResultCommandId());
            assertThat(items).extracting(SettlementItem::getSubscriptionId).containsExactly(SUB, OTHER_SUB, SUB);
            var paid = (SettleCharge) items.get(0).getAnswer();
            assertThat(paid.getInvoiceId()).isEqualTo(INVOICE);
            assertThat(paid.getSucceeded()).isTrue();
            assertThat(((SettleCharge) items.get(1).getAnswer()).getInvoiceId()).isEqualTo(OTHER_INVOICE);
            assertThat(((SettleFundingCheck) items.get(2).getAnswer()).getBalanceMicros())
                    .isZero();
            // each answer is the one it would have been alone: stored by its request id, its hash claimed
            assertThat(topology.settled().get(charge.getRequestId()).value())
                    .isEqualTo(SettlementItems.command(items.get(0)));
            assertThat(topology.settled().get(funding.getRequestId())).isNotNull();
            assertThat(topology.claimedHashes()).containsEntry(paid.getTxHash(), INVOICE);
            assertThat(topology.claimedHashes()).containsValue(OTHER_INVOICE);

            // Read again (a replay): the same answers, nothing settled anew
            topology.requests.pipeInput(SUB, batch);
            assertThat(single(topology.subscriptionResults.readRecordsToList()).value())
                    .isEqualTo(command);
            assertThat(topology.settled().approximateNumEntries()).isEqualTo(3);
        }
    }

    @Test
    void shouldLeaveABatchsRequestsForAChainToItsRelayerAndAnswerTheRestAlone() {
        // A live chain only: a live charge is the relayer's, a test one the sandbox's
        try (var topology = new ChainTopologyDriver(stateDir, new ConfiguredChains(false, true))) {
            var live = ChainRequests.charge(1, Mode.LIVE, null, null);
            var test = otherCharge(Mode.TEST);

            topology.requests.pipeInput(SUB, batch(live, test));

            var answer = single(topology.subscriptionResults.readRecordsToList());
            assertThat(answer.key()).isEqualTo(OTHER_SUB);
            assertThat(answer.value().getCommandId())
                    .as("one answer goes out as its plain command")
                    .isEqualTo(test.getResultCommandId());
            assertThat(answer.value().getPayload()).isInstanceOf(SettleCharge.class);
            assertThat(topology.settled().get(live.getRequestId())).isNull();
        }
    }

    private static <K, V> TestRecord<K, V> single(List<TestRecord<K, V>> records) {
        assertThat(records).hasSize(1);
        return records.getFirst();
    }
}
