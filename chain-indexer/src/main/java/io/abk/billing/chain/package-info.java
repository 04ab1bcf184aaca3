/** The chain-indexer application: its configuration and the entry point that runs the topology. */
@NullMarked
package io.abk.billing.chain;

import org.jspecify.annotations.NullMarked;
