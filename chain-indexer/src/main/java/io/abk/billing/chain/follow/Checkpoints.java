package io.abk.billing.chain.follow;

import io.abk.billing.chain.domain.follow.BlockRef;
import io.abk.billing.chain.domain.follow.BlockWindow;
import io.abk.billing.chain.follow.FollowerState.PublishedBlock;
import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.FollowerCursor;
import io.abk.billing.schemas.avro.IndexerCheckpoint;
import io.abk.billing.schemas.avro.PublishedLogs;
import io.abk.billing.schemas.avro.WindowBlock;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;

/**
 * The follower's state on {@code chain.indexer-checkpoints}, as its deployment names it: the records one transaction
 * writes (cursor, published logs of new window blocks, tombstones of blocks that left the window) and the read back on
 * start.
 */
final class Checkpoints {

    /**
     * Records per {@code PublishedLogs} part: an encoded ChainTransfer is at most about 600 bytes (a Subscribed
     * with its hashes and addresses), so 500 of them stay near 300 KB, well under Kafka's default 1 MB record limit.
     */
    static final int RECORDS_PER_PART = 500;

    private static final Duration READ_PATIENCE = Duration.ofSeconds(60);

    private final Deployment deployment;
    /** The checkpoint topic's name in the deployment. */
    private final String topic;

    Checkpoints(Deployment deployment) {
        this.deployment = deployment;
        this.topic = Topics.CHAIN_INDEXER_CHECKPOINTS.name(deployment);
    }

    /** {@code chain.transfers} in the same deployment: what the checkpoints' published logs were published to. */
    String transfersTopic() {
        return Topics.CHAIN_TRANSFERS.name(deployment);
    }

    static String cursorKey(long chainId) {
        return Long.toString(chainId);
    }

    static String partKey(long chainId, long blockNumber, int part) {
        return chainId + ":" + blockNumber + ":" + part;
    }

    ProducerRecord<String, IndexerCheckpoint> cursor(long chainId, long nextBlock, BlockWindow window) {
        var blocks = window.blocks().stream()
                .map(block -> WindowBlock.newBuilder()
                        .setNumber(block.number())
                        .setHash(block.hash())
                        .setParentHash(block.parentHash())
                        .build())
                .toList();
        var cursor = FollowerCursor.newBuilder()
                .setNextBlock(nextBlock)
                .setWindow(blocks)
                .build();
        return new ProducerRecord<>(
                topic,
                cursorKey(chainId),
                IndexerCheckpoint.newBuilder()
                        .setChainId(chainId)
                        .setPayload(cursor)
                        .build());
    }

    /** The parts that store {@code block}'s records. */
    List<ProducerRecord<String, IndexerCheckpoint>> parts(long chainId, PublishedBlock block) {
        var serializer = Topics.CHAIN_TRANSFERS.valueSerde().serializer();
        var transfers = transfersTopic();
        var records = new ArrayList<ProducerRecord<String, IndexerCheckpoint>>();
        for (int part = 0; part < block.parts(); part++) {
            var slice = block.records()
                    .subList(part * RECORDS_PER_PART, Math.min(block.records().size(), (part + 1) * RECORDS_PER_PART));
            var bytes = slice.stream()
                    .map(r -> ByteBuffer.wrap(serializer.serialize(transfers, r)))
                    .toList();
            var logs = PublishedLogs.newBuilder()
                    .setBlockNumber(block.number())
                    .setBlockHash(block.hash())
                    .setPart(part)
                    .setRecords(bytes)
                    .build();
            records.add(new ProducerRecord<>(
                    topic,
                    partKey(chainId, block.number(), part),
                    IndexerCheckpoint.newBuilder()
                            .setChainId(chainId)
                            .setPayload(logs)
                            .build()));
        }
        return records;
    }

    static int partsFor(int records) {
        return Math.max(1, (records + RECORDS_PER_PART - 1) / RECORDS_PER_PART);
    }

    /** Tombstones for the parts of {@code block}: it left the window or was reorged out. */
    List<ProducerRecord<String, IndexerCheckpoint>> tombstones(long chainId, PublishedBlock block) {
        var records = new ArrayList<ProducerRecord<String, IndexerCheckpoint>>();
        for (int part = 0; part < block.parts(); part++) {
            records.add(new ProducerRecord<>(topic, partKey(chainId, block.number(), part), null));
        }
        return records;
    }

    /**
     * Reads the topic to its end as a read_committed consumer (call it after {@code initTransactions}, which ends
     * the previous instance's open transaction, or the end would wait for that transaction's timeout).
     */
    FollowerState load(
            String bootstrapServers, KafkaClientSecurity security, long chainId, long startBlock, int windowSize) {
        var serdes = Topics.CHAIN_INDEXER_CHECKPOINTS;
        IndexerCheckpoint cursor = null;
        var parts = new HashMap<String, PublishedLogs>();
        try (var consumer = new KafkaConsumer<>(
                security.with(Map.<String, Object>of(
                        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        bootstrapServers,
                        ConsumerConfig.CLIENT_ID_CONFIG,
                        deployment.name("chain-indexer-checkpoints-" + chainId),
                        ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                        "read_committed",
                        ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                        false)),
                serdes.keySerde().deserializer(),
                serdes.valueSerde().deserializer())) {
            var infos = consumer.partitionsFor(topic, READ_PATIENCE);
            if (infos == null || infos.isEmpty()) {
                throw new IllegalStateException("topic " + topic + " does not exist");
            }
            var partitions = infos.stream()
                    .map(info -> new TopicPartition(topic, info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            var ends = consumer.endOffsets(partitions, READ_PATIENCE);
            var deadline = Instant.now().plus(READ_PATIENCE);
            while (partitions.stream().anyMatch(p -> consumer.position(p) < ends.getOrDefault(p, 0L))) {
                if (Instant.now().isAfter(deadline)) {
                    throw new IllegalStateException("could not read " + topic + " to its end in " + READ_PATIENCE);
                }
                for (var record : consumer.poll(Duration.ofMillis(200))) {
                    var prefix = chainId + ":";
                    if (record.key().equals(cursorKey(chainId))) {
                        cursor = record.value();
                    } else if (record.key().startsWith(prefix)) {
                        if (record.value() == null) {
                            parts.remove(record.key());
                        } else {
                            parts.put(
                                    record.key(), (PublishedLogs) record.value().getPayload());
                        }
                    }
                }
            }
        }
        if (cursor == null) {
            return FollowerState.fresh(startBlock, windowSize);
        }
        var stored = (FollowerCursor) cursor.getPayload();
        var blocks = stored.getWindow().stream()
                .map(block -> new BlockRef(block.getNumber(), block.getHash(), block.getParentHash()))
                .toList();
        // A smaller window than before keeps the newest blocks.
        var window = BlockWindow.of(windowSize, blocks.subList(Math.max(0, blocks.size() - windowSize), blocks.size()));
        return new FollowerState(stored.getNextBlock(), window, published(window, parts.values()));
    }

    /** The published records of the window's blocks, from their parts (the parts of other blocks are stale). */
    private TreeMap<Long, PublishedBlock> published(BlockWindow window, Iterable<PublishedLogs> parts) {
        var deserializer = Topics.CHAIN_TRANSFERS.valueSerde().deserializer();
        var transfers = transfersTopic();
        var byBlock = new TreeMap<Long, TreeMap<Integer, PublishedLogs>>();
        for (var part : parts) {
            var block = window.block(part.getBlockNumber());
            if (block.isPresent() && block.get().hash().equals(part.getBlockHash())) {
                byBlock.computeIfAbsent(part.getBlockNumber(), n -> new TreeMap<>())
                        .put(part.getPart(), part);
            }
        }
        var published = new TreeMap<Long, PublishedBlock>();
        byBlock.forEach((number, blockParts) -> {
            var records = new ArrayList<ChainTransfer>();
            blockParts
                    .values()
                    .forEach(part -> part.getRecords().forEach(bytes -> {
                        var array = new byte[bytes.remaining()];
                        bytes.duplicate().get(array);
                        records.add(deserializer.deserialize(transfers, array));
                    }));
            published.put(
                    number,
                    new PublishedBlock(
                            number, blockParts.firstEntry().getValue().getBlockHash(), records, blockParts.size()));
        });
        return published;
    }
}
