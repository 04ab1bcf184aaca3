package io.abk.billing.gateway.platform.ids;

import io.abk.billing.schemas.ids.IdPrefix;

/** Mints the ids of the rows one request creates, in the order it creates them. */
public interface NewIds {

    String next(IdPrefix prefix);
}
