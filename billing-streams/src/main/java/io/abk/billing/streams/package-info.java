/** The billing-streams application: its configuration and the entry point that runs the topology. */
@NullMarked
package io.abk.billing.streams;

import org.jspecify.annotations.NullMarked;
