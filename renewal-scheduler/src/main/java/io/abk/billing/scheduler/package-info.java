/** The renewal-scheduler application: its configuration and the entry point that runs the topology. */
@NullMarked
package io.abk.billing.scheduler;

import org.jspecify.annotations.NullMarked;
