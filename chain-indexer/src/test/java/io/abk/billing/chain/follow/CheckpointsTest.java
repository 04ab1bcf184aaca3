package io.abk.billing.chain.follow;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.chain.follow.FollowerState.PublishedBlock;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.PublishedLogs;
import io.abk.billing.schemas.avro.VaultCanceled;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.time.Instant;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CheckpointsTest {

    private static final String HASH = "0x" + "ab".repeat(32);

    @ParameterizedTest(name = "{0} records -> {1} parts")
    @CsvSource({"1, 1", "500, 1", "501, 2", "1200, 3"})
    void shouldSplitABlockWithManyLogsIntoPartsUnderTheRecordLimit(int records, int parts) {
        var block = new PublishedBlock(
                42,
                HASH,
                IntStream.range(0, records).mapToObj(CheckpointsTest::transfer).toList(),
                Checkpoints.partsFor(records));

        var written = new Checkpoints(Deployment.DEFAULT).parts(7, block);

        assertThat(written).hasSize(parts);
        assertThat(written).extracting(r -> r.key()).startsWith("7:42:0");
        var serializer = Topics.CHAIN_INDEXER_CHECKPOINTS.valueSerde().serializer();
        // Kafka's default max.request.size and message.max.bytes are 1 MB; stay well under it.
        assertThat(written)
                .allSatisfy(r ->
                        assertThat(serializer.serialize("t", r.value()).length).isLessThan(500_000));
        assertThat(written.stream()
                        .mapToInt(r -> ((PublishedLogs) r.value().getPayload())
                                .getRecords()
                                .size())
                        .sum())
                .isEqualTo(records);
        assertThat(new Checkpoints(Deployment.DEFAULT).tombstones(7, block))
                .extracting(r -> r.key())
                .containsExactlyElementsOf(written.stream().map(r -> r.key()).toList());
    }

    private static ChainTransfer transfer(int logIndex) {
        return ChainTransfer.newBuilder()
                .setChainId(7)
                .setMode(Mode.TEST)
                .setBlockNumber(42)
                .setBlockHash(HASH)
                .setBlockTimestamp(Instant.parse("2026-06-01T00:00:00Z"))
                .setTxHash("0x" + "cd".repeat(32))
                .setLogIndex(logIndex)
                .setContract("0x" + "ef".repeat(20))
                .setRetracted(false)
                .setPayload(VaultCanceled.newBuilder()
                        .setRef("0x" + "12".repeat(32))
                        .setBy("0x" + "34".repeat(20))
                        .build())
                .build();
    }
}
