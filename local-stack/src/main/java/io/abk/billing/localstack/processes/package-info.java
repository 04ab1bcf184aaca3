/**
 * {@code ./billing run --processes [--replicas N]}: every service as its own OS process, started from its runnable jar
 * with the environment a deployment would give it, so the distributed shape (consumer groups, Streams tasks and
 * standbys, several gateways) runs on one machine.
 */
@NullMarked
package io.abk.billing.localstack.processes;

import org.jspecify.annotations.NullMarked;
