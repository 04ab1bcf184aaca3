/**
 * usdt-verifier, the companion USDT interface (docs/architecture.md, "The USDT verifier"): its own Spring Boot
 * WebFlux process whose HTTP routes verify transactions and send the intents' commands to Kafka, and whose Kafka
 * Streams part is the intents' single writer. This package starts it.
 */
@NullMarked
package io.abk.billing.usdt;

import org.jspecify.annotations.NullMarked;
