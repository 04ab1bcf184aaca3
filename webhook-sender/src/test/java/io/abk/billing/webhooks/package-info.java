/** Whole-sender tests: a crash and restart in a child JVM, and the delivery rate to a local receiver. */
@NullMarked
package io.abk.billing.webhooks;

import org.jspecify.annotations.NullMarked;
