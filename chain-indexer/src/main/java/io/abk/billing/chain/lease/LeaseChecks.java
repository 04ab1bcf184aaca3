package io.abk.billing.chain.lease;

import io.abk.billing.chain.supervise.LeaseCheck.Answer;
import java.time.Duration;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.IntPredicate;
import java.util.function.LongToIntFunction;
import org.apache.kafka.clients.consumer.CommitFailedException;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InterruptException;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The lease checks of a replica: a worker's supervisor asks ({@link #ask}) from its own thread, and the lease thread,
 * the only one that may use the lease consumer, answers between its polls ({@link #answerAll}) with one round trip to
 * the group coordinator. The round trip is a synchronous commit of the lease partition's offset in the lease group:
 * under the classic protocol the coordinator accepts it only from a member of the group's current generation, and
 * rejects a member it dropped (its session expired while it stood still) with {@link CommitFailedException}, even
 * before the member has heard of it. The lease group reads nothing, so the offset it commits means nothing; the
 * consumer's heartbeat metrics count answers that carried an error, so they prove no membership.
 */
final class LeaseChecks {

    private static final Logger log = LoggerFactory.getLogger(LeaseChecks.class);
    /** One round trip to the coordinator; a coordinator that takes longer is as good as unreachable here. */
    static final Duration COMMIT_TIMEOUT = Duration.ofSeconds(5);
    /** The offset committed: the lease group never reads, so any offset serves, and 0 says it is no position. */
    private static final OffsetAndMetadata CHECK = new OffsetAndMetadata(0, "chain lease check");

    private final String groupId;
    private final String topic;
    private final Queue<Pending> pending = new ConcurrentLinkedQueue<>();
    private volatile boolean open = true;

    /** Checks in {@code groupId}, whose lease partitions are those of {@code topic}. */
    LeaseChecks(String groupId, String topic) {
        this.groupId = groupId;
        this.topic = topic;
    }

    private record Pending(long chainId, CompletableFuture<Answer> answer) {}

    /** A question for the lease thread; answered {@link Answer#UNKNOWN} once the leases are closed. */
    CompletableFuture<Answer> ask(long chainId) {
        var question = new Pending(chainId, new CompletableFuture<>());
        pending.add(question);
        if (!open) {
            abandon();
        }
        return question.answer();
    }

    /**
     * Answers every pending question; the lease thread only.
     *
     * @param owned       whether this member was assigned a lease partition, as it last heard
     * @param partitionOf a chain's lease partition
     */
    void answerAll(KafkaConsumer<?, ?> consumer, IntPredicate owned, LongToIntFunction partitionOf) {
        Pending question;
        while ((question = pending.poll()) != null) {
            var partition = partitionOf.applyAsInt(question.chainId());
            var answer = owned.test(partition) ? askCoordinator(consumer, partition) : Answer.LOST;
            log.info(
                    "event=chain_lease_checked groupId={} chainId={} partition={} answer={}",
                    groupId,
                    question.chainId(),
                    partition,
                    answer);
            question.answer().complete(answer);
        }
    }

    private Answer askCoordinator(KafkaConsumer<?, ?> consumer, int partition) {
        try {
            consumer.commitSync(Map.of(new TopicPartition(topic, partition), CHECK), COMMIT_TIMEOUT);
            return Answer.HELD;
        } catch (CommitFailedException dropped) {
            // The coordinator no longer counts this member: the partition may be another replica's already.
            return Answer.LOST;
        } catch (WakeupException | InterruptException closing) {
            throw closing;
        } catch (KafkaException e) {
            // Rebalancing (this member may well keep the partition: cooperative), or the coordinator did not answer.
            log.warn(
                    "event=chain_lease_check_failed groupId={} partition={} error={}",
                    groupId,
                    partition,
                    e.toString());
            return Answer.UNKNOWN;
        }
    }

    /** Answers every pending and later question {@link Answer#UNKNOWN}: the leases are closing. */
    void abandon() {
        open = false;
        Pending question;
        while ((question = pending.poll()) != null) {
            question.answer().complete(Answer.UNKNOWN);
        }
    }
}
