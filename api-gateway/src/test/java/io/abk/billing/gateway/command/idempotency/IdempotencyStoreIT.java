package io.abk.billing.gateway.command.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.command.CommandIdentity.Claim;
import io.abk.billing.gateway.command.idempotency.IdempotencyStore.Decision;
import io.abk.billing.gateway.command.idempotency.IdempotencyStore.InProgress;
import io.abk.billing.gateway.command.idempotency.IdempotencyStore.Mismatch;
import io.abk.billing.gateway.command.idempotency.IdempotencyStore.Proceed;
import io.abk.billing.gateway.command.idempotency.IdempotencyStore.Replay;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.testkit.SharedInfra;
import io.abk.billing.gateway.testkit.TestDatabase;
import io.abk.billing.opskit.idempotency.RequestFingerprint;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import io.abk.billing.webhookverify.sealing.SealingKeys;
import io.abk.billing.webhookverify.sealing.SecretSealer;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.scheduler.Schedulers;

/** The key records in PostgreSQL: who may run, and what a repeat gets, under concurrency and expiry. */
class IdempotencyStoreIT {

    private static TestDatabase db;
    private static IdempotencyStore store;
    private static final RequestFingerprint REQUEST = RequestFingerprint.of(
            "POST", "/v1/subscriptions", "{\"merchantRef\":\"a\"}".getBytes(StandardCharsets.UTF_8));
    private static final RequestFingerprint OTHER_REQUEST = RequestFingerprint.of(
            "POST", "/v1/subscriptions", "{\"merchantRef\":\"b\"}".getBytes(StandardCharsets.UTF_8));

    @BeforeAll
    static void database() {
        db = SharedInfra.newDatabase("idempotency_it");
        store = new IdempotencyStore(
                db.databaseClient(),
                Duration.ofSeconds(30),
                Duration.ofHours(24),
                new SecretSealer(SealingKeys.developmentKeyring()));
    }

    @Test
    void shouldLetExactlyOneOfTwentyConcurrentClaimsProceedWhenTheyShareAKey() {
        var caller = newCaller();
        var key = newKey();

        var decisions = Flux.range(0, 20)
                .flatMap(i -> claim(caller, key, REQUEST).subscribeOn(Schedulers.parallel()), 20)
                .collectList()
                .block();

        assertThat(decisions)
                .filteredOn(Proceed.class::isInstance)
                .hasSize(1)
                .allSatisfy(d -> assertThat(((Proceed) d).identity().claim()).isEqualTo(Claim.FIRST));
        assertThat(decisions).filteredOn(InProgress.class::isInstance).hasSize(19);
        assertThat(db.count("SELECT count(*) FROM idempotency_keys WHERE key = ? AND state = 'in_flight'", key))
                .isEqualTo(1);
    }

    @Test
    void shouldReplayDoneRequestsAndRefuseOthersWhenTheKeyIsRepeated() {
        var caller = newCaller();
        var key = newKey();
        var first = (Proceed) claim(caller, key, REQUEST).block();
        store.complete(caller, key, first.identity().commandId(), 201, "{\"ok\":true}", false)
                .block();

        assertThat(claim(caller, key, REQUEST).block()).isEqualTo(new Replay(201, "{\"ok\":true}"));
        assertThat(claim(caller, key, OTHER_REQUEST).block()).isInstanceOf(Mismatch.class);
        var otherMode = new Caller(caller.merchantId(), Mode.LIVE, "key_x");
        assertThat(claim(otherMode, key, OTHER_REQUEST).block())
                .as("keys are scoped by mode")
                .isInstanceOf(Proceed.class);
    }

    @Test
    void shouldSealExactlyTheAnswersOfRoutesThatDeclareASecretWhenTheyAreStored() {
        // Protects a secret at rest: the route's declaration, not the body's look, decides what is sealed.
        var caller = newCaller();
        var declared = newKey();
        var undeclared = newKey();
        var secret = "{\"secret\":\"whsec_" + UUID.randomUUID() + "\"}";
        var plain = "{\"note\":\"whsec_ is how a signing secret starts\"}";

        store.complete(
                        caller,
                        declared,
                        ((Proceed) claim(caller, declared, REQUEST).block())
                                .identity()
                                .commandId(),
                        201,
                        secret,
                        true)
                .block();
        store.complete(
                        caller,
                        undeclared,
                        ((Proceed) claim(caller, undeclared, REQUEST).block())
                                .identity()
                                .commandId(),
                        201,
                        plain,
                        false)
                .block();

        assertThat(storedBody(declared)).startsWith("v1:").doesNotContain("whsec_");
        assertThat(storedBody(undeclared)).isEqualTo(plain);
        assertThat(claim(caller, declared, REQUEST).block()).isEqualTo(new Replay(201, secret));
        assertThat(claim(caller, undeclared, REQUEST).block()).isEqualTo(new Replay(201, plain));
    }

    @Test
    void shouldLetOneRetryTakeOverTheSameCommandOnlyAfterTheLeaseRanOut() {
        var caller = newCaller();
        var key = newKey();
        var first = (Proceed) claim(caller, key, REQUEST).block();
        assertThat(claim(caller, key, REQUEST).block()).isInstanceOf(InProgress.class);

        db.execute("UPDATE idempotency_keys SET locked_until = now() - interval '1 second' WHERE key = ?", key);
        var retries = Flux.range(0, 5)
                .flatMap(i -> claim(caller, key, REQUEST).subscribeOn(Schedulers.parallel()))
                .collectList()
                .block();

        var takeovers = retries.stream()
                .filter(Proceed.class::isInstance)
                .map(d -> ((Proceed) d).identity())
                .toList();
        assertThat(takeovers).hasSize(1);
        assertThat(takeovers.getFirst().claim()).isEqualTo(Claim.TAKEOVER);
        assertThat(takeovers.getFirst().commandId()).isEqualTo(first.identity().commandId());
        assertThat(takeovers.getFirst().seedTime()).isEqualTo(first.identity().seedTime());
        assertThat(retries).filteredOn(InProgress.class::isInstance).hasSize(4);
    }

    @Test
    void shouldResumeInsteadOfTakingOverWhenTheOutcomeIsAlreadyRecorded() {
        var caller = newCaller();
        var key = newKey();
        var first = (Proceed) claim(caller, key, REQUEST).block();
        db.execute(
                "INSERT INTO command_outcomes (command_id, merchant_id, mode, aggregate_type, aggregate_id, outcome)"
                        + " VALUES (?, ?, 'test', 'subscription', 'sub_x', 'accepted')",
                first.identity().commandId(),
                caller.merchantId());

        var retry = (Proceed) claim(caller, key, REQUEST).block();

        assertThat(retry.identity().claim()).isEqualTo(Claim.RESUME);
        assertThat(retry.identity().commandId()).isEqualTo(first.identity().commandId());
    }

    @Test
    void shouldTakeOverAtOnceWhenTheHolderReleasedItsLease() {
        var caller = newCaller();
        var key = newKey();
        var first = (Proceed) claim(caller, key, REQUEST).block();

        store.release(caller, key, first.identity().commandId()).block();

        assertThat(((Proceed) claim(caller, key, REQUEST).block()).identity().claim())
                .isEqualTo(Claim.TAKEOVER);
    }

    @Test
    void shouldTreatAnExpiredKeyAsNewAndPurgeItWhenItsTimeIsUp() {
        var caller = newCaller();
        var key = newKey();
        var first = (Proceed) claim(caller, key, REQUEST).block();
        store.complete(caller, key, first.identity().commandId(), 201, "{}", false)
                .block();
        db.execute("UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = ?", key);

        var again = (Proceed) claim(caller, key, OTHER_REQUEST).block();

        assertThat(again.identity().claim()).isEqualTo(Claim.FIRST);
        assertThat(again.identity().commandId()).isNotEqualTo(first.identity().commandId());
        var expiredKey = newKey();
        claim(caller, expiredKey, REQUEST).block();
        db.execute("UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = ?", expiredKey);
        db.execute(
                "INSERT INTO command_outcomes (command_id, merchant_id, mode, aggregate_type, aggregate_id, outcome, recorded_at)"
                        + " VALUES (?, ?, 'test', 'subscription', 'sub_x', 'accepted', now() - interval '8 days')",
                newKey(),
                caller.merchantId());
        var purge = new ExpiredRecordsPurge(db.databaseClient(), Duration.ofMinutes(10), Duration.ofDays(7));
        var purged = purge.purgeOnce().block();
        assertThat(purged.keys()).isGreaterThanOrEqualTo(1);
        assertThat(purged.outcomes()).isGreaterThanOrEqualTo(1);
        assertThat(db.count("SELECT count(*) FROM idempotency_keys WHERE key = ?", expiredKey))
                .isZero();
        assertThat(db.count("SELECT count(*) FROM idempotency_keys WHERE key = ?", key))
                .isEqualTo(1);
    }

    private static String storedBody(String key) {
        try (var connection = db.connect();
                var query = connection.prepareStatement("SELECT response_body FROM idempotency_keys WHERE key = ?")) {
            query.setString(1, key);
            try (var rows = query.executeQuery()) {
                assertThat(rows.next()).as("a record of " + key).isTrue();
                return rows.getString(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static reactor.core.publisher.Mono<Decision> claim(Caller caller, String key, RequestFingerprint request) {
        var now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        return store.claim(caller, key, request, Ids.newId(IdPrefix.COMMAND, now), now);
    }

    private static Caller newCaller() {
        return new Caller(Ids.newId(IdPrefix.MERCHANT, Instant.now()), Mode.TEST, "key_test");
    }

    private static String newKey() {
        return "key-" + UUID.randomUUID();
    }
}
