/** Tests of fan-out: which endpoints an event goes to, and the event log. */
@NullMarked
package io.abk.billing.webhooks.fanout;

import org.jspecify.annotations.NullMarked;
