/** Exception handlers the Kafka Streams services share. */
@NullMarked
package io.abk.billing.streamskit.errors;

import org.jspecify.annotations.NullMarked;
