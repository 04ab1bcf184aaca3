/** The in-process Kafka broker: KRaft combined mode, storage formatted once under the data directory. */
@NullMarked
package io.abk.billing.localstack.kafka;

import org.jspecify.annotations.NullMarked;
