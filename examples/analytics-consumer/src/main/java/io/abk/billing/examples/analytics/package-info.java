/** An example consumer of {@code billing.events} for analytics, built and tested with the platform. */
@NullMarked
package io.abk.billing.examples.analytics;

import org.jspecify.annotations.NullMarked;
