/** Event log retention (flow point 5): rows of {@code events} older than the retention are deleted every hour. */
@NullMarked
package io.abk.billing.webhooks.retention;

import org.jspecify.annotations.NullMarked;
