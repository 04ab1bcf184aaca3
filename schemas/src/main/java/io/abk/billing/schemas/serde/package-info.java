/**
 * Kafka serdes for the Avro messages: Avro single-object encoding (marker, 64-bit schema fingerprint, binary
 * body), decoded through the store of every released schema version.
 */
@NullMarked
package io.abk.billing.schemas.serde;

import org.jspecify.annotations.NullMarked;
