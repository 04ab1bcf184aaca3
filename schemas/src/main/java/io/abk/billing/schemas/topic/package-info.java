/**
 * The typed topic catalog: every topic name, its serdes, retention, writer and readers, declared once; and the
 * deployment whose id prefixes every name a deployment gives on a Kafka cluster.
 */
@NullMarked
package io.abk.billing.schemas.topic;

import org.jspecify.annotations.NullMarked;
