package io.abk.billing.client.model;

/** The answer to a batch of meter events: all of them were sent ({@code accepted}), or none (an error). */
public record MeterEventBatch(String object, int accepted) {}
