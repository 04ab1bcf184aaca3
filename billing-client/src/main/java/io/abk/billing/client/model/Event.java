package io.abk.billing.client.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * A billing event, exactly the webhook payload.
 */
public record Event(String id, String type, Instant createdAt, String mode, JsonNode data) {}
