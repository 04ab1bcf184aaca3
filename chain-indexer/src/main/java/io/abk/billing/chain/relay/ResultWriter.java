package io.abk.billing.chain.relay;

import io.abk.billing.chain.domain.relay.RelayOutcome;
import io.abk.billing.chain.settlement.FundingAnswers;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.SettleFundingCheck;
import io.abk.billing.schemas.mode.Mode;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Writes a relayer's answers to {@code chain.results} (and its dead letters), a batch at a time. */
final class ResultWriter {

    private static final Logger log = LoggerFactory.getLogger(Relayer.class);
    /** A broker that has not acknowledged a batch's results in a minute is down: the batch is read again. */
    private static final Duration SEND_TIMEOUT = Duration.ofSeconds(60);

    /** Bytes in, so one producer writes both results and dead letters (the original request's bytes). */
    private final KafkaProducer<byte[], byte[]> producer;

    /** The records on the topics of the relayer's deployment. */
    private final ResultRecords resultRecords;

    private final Mode mode;
    private final Clock clock;

    ResultWriter(KafkaProducer<byte[], byte[]> producer, ResultRecords resultRecords, Mode mode, Clock clock) {
        this.producer = producer;
        this.resultRecords = resultRecords;
        this.mode = mode;
        this.clock = clock;
    }

    /**
     * Writes each result (a funding check's answer to its subscription), or the request to the dead-letter topic when relaying it hit a bug
     * ({@link RelayOutcome.Bug}: nothing is answered for it), and waits until all are acknowledged; false if any
     * failed (or the wait was interrupted by a stop).
     */
    boolean publish(List<ConsumerRecord<String, ChainRequest>> records, List<RelayOutcome> outcomes) {
        var acks = new ArrayList<Future<RecordMetadata>>();
        var executedAt = clock.instant();
        for (int i = 0; i < records.size(); i++) {
            var record = records.get(i);
            var outcome = outcomes.get(i);
            acks.add(producer.send(
                    outcome instanceof RelayOutcome.Bug bug
                            ? resultRecords.deadLetter(record, bug, mode)
                            : resultRecords.result(record, executedAt, outcome)));
        }
        try {
            for (var ack : acks) {
                ack.get(SEND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            }
            counted(records, outcomes);
            return true;
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            log.error(
                    "event=relayer_results_not_written mode={} action=retry_batch count={}",
                    mode.label(),
                    records.size(),
                    e);
            return false;
        }
    }

    /** Funding checks are answered here, not by settlement: counted once written (again if a batch is redone). */
    private static void counted(List<ConsumerRecord<String, ChainRequest>> records, List<RelayOutcome> outcomes) {
        for (int i = 0; i < records.size(); i++) {
            if (outcomes.get(i) instanceof RelayOutcome.FundingRead read) {
                var request = records.get(i).value();
                var answer = (SettleFundingCheck)
                        FundingAnswers.answer(request, read.answer()).getPayload();
                FundingAnswers.counted(request, answer);
            }
        }
    }

    void close(Duration patience) {
        producer.close(patience);
    }
}
