package io.abk.billing.gateway.controlplane.auth;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * When each API key last authenticated a request ({@code api_keys.last_used_at}), written at most once per
 * {@link #WRITE_EVERY} per key: the API serves thousands of keyed requests a second, so a request's use is a map look-up
 * here, and only the first request of a key in a minute writes, one {@code UPDATE} by primary key that the database
 * skips when another replica wrote within the minute. A shown time is thus up to a minute early. The map holds the time
 * of each key's last write; past {@link #MAX_KEYS} entries, those older than a minute (which bound nothing any more) go.
 */
@Component
public class ApiKeyUsage {

    /** The staleness a key's last use may have: a dashboard shows it as a time of day, not to the second. */
    static final Duration WRITE_EVERY = Duration.ofMinutes(1);
    /** Far above the keys one replica serves within a minute; only then is the map swept. */
    static final int MAX_KEYS = 100_000;

    private static final Logger log = LoggerFactory.getLogger(ApiKeyUsage.class);

    private final ApiKeyRepository keys;
    private final ConcurrentHashMap<String, Instant> writtenAt = new ConcurrentHashMap<>();

    public ApiKeyUsage(ApiKeyRepository keys) {
        this.keys = keys;
    }

    /**
     * Records that key {@code keyId} was used {@code now}: a write when this replica wrote none for the key within
     * {@link #WRITE_EVERY} (of concurrent requests, one takes it), else nothing. A failed write is logged and costs the
     * request nothing: the next minute's first use writes again.
     */
    public Mono<Void> used(String keyId, Instant now) {
        var last = writtenAt.get(keyId);
        if (last != null && isRecent(last, now)) {
            return Mono.empty();
        }
        var claimed = writtenAt.compute(keyId, (id, before) -> before != null && isRecent(before, now) ? before : now);
        if (claimed != now) { // another instance: a recent write stands, or a concurrent request took this one
            return Mono.empty();
        }
        if (writtenAt.size() > MAX_KEYS) {
            writtenAt.values().removeIf(at -> !isRecent(at, now));
        }
        return keys.recordUse(keyId, now, now.minus(WRITE_EVERY))
                .onErrorResume(failed -> {
                    writtenAt.remove(keyId, now);
                    log.warn("api key use not recorded keyId={} error={}", keyId, failed.toString());
                    return Mono.empty();
                })
                .then();
    }

    private static boolean isRecent(Instant writtenAt, Instant now) {
        return now.isBefore(writtenAt.plus(WRITE_EVERY));
    }
}
