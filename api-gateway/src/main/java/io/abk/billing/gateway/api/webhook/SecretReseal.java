package io.abk.billing.gateway.api.webhook;

import io.abk.billing.gateway.platform.db.Columns;
import io.abk.billing.gateway.platform.db.SqlValues;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import io.abk.billing.webhookverify.sealing.UnopenableSecretException;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * At the gateway's start, seals every stored signing secret that is not sealed under the active key: a plain
 * {@code whsec_} written before secrets were sealed, or one sealed under a key that no longer seals (a key rotation).
 * One pass in id order, {@value #BATCH} rows a transaction, each row locked while it is rewritten; rows another
 * transaction holds (a rotation in flight, another gateway's pass) are skipped, their writer seals them. A value that
 * does not open (its key left the keyring) is logged with its endpoint and key id and left as it is. Runs before the
 * start completes, so a gateway that is up has finished its pass; the ending line says how many rows it sealed.
 */
@Component
public class SecretReseal implements ApplicationRunner {

    /** Rows a transaction: short row locks, and few round trips for a table of thousands of endpoints. */
    static final int BATCH = 100;
    /** Sealing is microseconds a row; this bounds a pass over a table far larger than any real one. */
    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    private static final Logger log = LoggerFactory.getLogger(SecretReseal.class);

    private final DatabaseClient db;
    private final TransactionalOperator tx;
    private final SecretSealer sealer;

    public SecretReseal(DatabaseClient db, TransactionalOperator tx, SecretSealer sealer) {
        this.db = db;
        this.tx = tx;
        this.sealer = sealer;
    }

    /** What a pass did: rows sealed under the active key, and rows whose secret did not open. */
    public record Result(int resealed, int unopenable) {

        Result plus(Batch batch) {
            return new Result(resealed + batch.resealed(), unopenable + batch.unopenable());
        }
    }

    private record Batch(@Nullable String lastId, int rows, int resealed, int unopenable) {}

    private record Row(String id, String secret, @Nullable String previous) {}

    @Override
    public void run(ApplicationArguments args) {
        var result = resealAll().block(TIMEOUT);
        if (result != null) {
            log.info(
                    "event=webhook_secrets_resealed activeKey={} resealed={} unopenable={}",
                    sealer.keys().activeId(),
                    result.resealed(),
                    result.unopenable());
        }
    }

    /** One pass over every endpoint row. */
    public Mono<Result> resealAll() {
        return batch("")
                .expand(batch -> batch.rows() == BATCH && batch.lastId() != null ? batch(batch.lastId()) : Mono.empty())
                .reduce(new Result(0, 0), Result::plus);
    }

    private Mono<Batch> batch(String after) {
        return db.sql("SELECT id, secret, previous_secret FROM webhook_endpoints WHERE id > :after"
                        + " AND (secret NOT LIKE :sealed OR (previous_secret IS NOT NULL AND previous_secret NOT LIKE :sealed))"
                        + " ORDER BY id LIMIT :limit FOR UPDATE SKIP LOCKED")
                .bind("after", after)
                .bind("sealed", sealer.activeLikePattern())
                .bind("limit", BATCH)
                .map(row -> new Row(
                        Columns.required(row, "id", String.class),
                        Columns.required(row, "secret", String.class),
                        row.get("previous_secret", String.class)))
                .all()
                .collectList()
                .flatMap(rows -> Flux.fromIterable(rows)
                        .concatMap(this::reseal)
                        .reduce(0, Integer::sum)
                        .map(resealed -> new Batch(
                                rows.isEmpty() ? null : rows.getLast().id(),
                                rows.size(),
                                resealed,
                                rows.size() - resealed)))
                .as(tx::transactional);
    }

    /** 1 when the row was sealed again, 0 when its secret did not open. */
    private Mono<Integer> reseal(Row row) {
        String secret;
        @Nullable String previous;
        try {
            secret = sealer.resealed(row.secret(), row.id());
            previous = row.previous() == null ? null : sealer.resealed(row.previous(), row.id());
        } catch (UnopenableSecretException unopenable) {
            log.error(
                    "event=webhook_secret_unopenable endpointId={} message=\"{}\"", row.id(), unopenable.getMessage());
            return Mono.just(0);
        }
        return db.sql("UPDATE webhook_endpoints SET secret = :secret, previous_secret = :previous WHERE id = :id")
                .bind("secret", secret)
                .bind("previous", SqlValues.nullable(previous, String.class))
                .bind("id", row.id())
                .fetch()
                .rowsUpdated()
                .thenReturn(1);
    }
}
