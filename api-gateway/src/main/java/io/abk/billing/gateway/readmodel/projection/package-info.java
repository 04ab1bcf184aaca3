/**
 * How the read model is kept: the projector that applies {@code billing.changes} to PostgreSQL (snapshots, command
 * outcomes, consumer offsets, all in one transaction per polled batch, with a {@code NOTIFY}), and the waiter that
 * wakes a request when its command's outcome is recorded (in-process after commit, or by {@code LISTEN} across
 * replicas).
 */
@NullMarked
package io.abk.billing.gateway.readmodel.projection;

import org.jspecify.annotations.NullMarked;
