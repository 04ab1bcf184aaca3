package io.abk.billing.gateway.platform.ids;

import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;

/**
 * Mints ids ({@link Ids}) whose time part strictly increases within this process. Ids sort by their
 * millisecond first and randomly within it, so two ids of the same millisecond (the prices of one product, the
 * audit entries of one request) could otherwise sort in the wrong order; lists are ordered by id. Under more
 * than 1000 ids a second the stamped time runs ahead of the wall clock by a little, which is harmless here.
 * Across replicas, ids are ordered by time to the millisecond only.
 */
@Component
public class IdGenerator implements NewIds {

    private final Clock clock;
    private final AtomicLong lastMillis = new AtomicLong();

    public IdGenerator(Clock clock) {
        this.clock = clock;
    }

    @Override
    public String next(IdPrefix prefix) {
        long now = clock.millis();
        long stamp = lastMillis.updateAndGet(last -> Math.max(now, last + 1));
        return Ids.newId(prefix, Instant.ofEpochMilli(stamp));
    }

    /**
     * The ids for the rows of one request: derived from its idempotency identity when it has one (a retry that runs
     * it again mints the same ids), else fresh from this generator.
     */
    public NewIds forRequest(@Nullable IdSeed seed) {
        return seed == null ? this : new DerivedIds(seed);
    }
}
