/**
 * Exception handlers the Kafka Streams services share: a record a processor throws on, or that cannot be decoded,
 * is a bug, logged at ERROR and either sent to the service's dead-letter topic or skipped.
 */
@NullMarked
package io.abk.billing.streamskit.errors;

import org.jspecify.annotations.NullMarked;
