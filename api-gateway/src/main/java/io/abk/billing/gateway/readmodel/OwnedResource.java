package io.abk.billing.gateway.readmodel;

import io.abk.billing.schemas.avro.Mode;
import tools.jackson.databind.JsonNode;

/**
 * A resource found by its id alone (the public checkout routes, which have no API key to scope by), with the
 * merchant and mode it belongs to: checkout then acts and reads within exactly those.
 */
public record OwnedResource(String merchantId, Mode mode, JsonNode body) {}
