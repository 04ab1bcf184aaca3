/** Tests of the event log retention. */
@NullMarked
package io.abk.billing.webhooks.retention;

import org.jspecify.annotations.NullMarked;
