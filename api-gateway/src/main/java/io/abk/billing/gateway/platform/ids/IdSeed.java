package io.abk.billing.gateway.platform.ids;

import io.abk.billing.schemas.ids.IdPrefix;

/**
 * What the ids of a keyed request are derived from: the request's command identity, the same on every run of the
 * request. Declared here, below the command path that implements it, so that minting ids needs nothing of that path.
 */
public interface IdSeed {

    /** The id of the {@code ordinal}-th resource of one kind the request creates. */
    String derivedId(IdPrefix prefix, int ordinal);
}
