/**
 * The write path's machinery, one mechanism for every aggregate ({@link io.abk.billing.gateway.command.Aggregate}:
 * subscriptions, payments, payment links): the command producer to Kafka, the stamping of every command envelope
 * (command id, merchant, mode, requestedAt, Idempotency-Key, request id), and dispatching a command to wait for
 * its outcome, and its follow-up's, within the request timeout. Settings live in {@link io.abk.billing.gateway.config.CommandsProperties}.
 */
@NullMarked
package io.abk.billing.gateway.command;

import org.jspecify.annotations.NullMarked;
