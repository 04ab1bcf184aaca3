package io.abk.billing.client.model;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The API's {@code TestEventSent} object.
 */
public record TestEventSent(JsonNode event) {}
