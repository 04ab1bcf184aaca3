package io.abk.billing.gateway.platform.ids;

import io.abk.billing.schemas.ids.IdPrefix;
import java.util.EnumMap;
import java.util.Map;

/**
 * The ids of a request with an Idempotency-Key: the n-th id of a kind is derived from the request's {@link IdSeed}
 * (its command identity), so it is the same on every run of the request. A retry that takes over the key's expired
 * lease runs the handler again; with these ids its inserts ({@code ON CONFLICT (id) DO NOTHING}) meet the rows the
 * first run stored instead of adding new ones. One instance per request, used by one request at a time.
 */
final class DerivedIds implements NewIds {

    private final IdSeed seed;
    private final Map<IdPrefix, Integer> minted = new EnumMap<>(IdPrefix.class);

    DerivedIds(IdSeed seed) {
        this.seed = seed;
    }

    @Override
    public String next(IdPrefix prefix) {
        int ordinal = minted.merge(prefix, 1, Integer::sum) - 1;
        return seed.derivedId(prefix, ordinal);
    }
}
