/** The sender's typed configuration and the explicit wiring of its infrastructure beans (PostgreSQL, Kafka clients). */
@NullMarked
package io.abk.billing.webhooks.config;

import org.jspecify.annotations.NullMarked;
