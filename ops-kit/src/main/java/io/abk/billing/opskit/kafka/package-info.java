/** The security settings every Kafka client of every service takes from the environment, built in one place. */
@NullMarked
package io.abk.billing.opskit.kafka;

import org.jspecify.annotations.NullMarked;
