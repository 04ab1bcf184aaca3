/** Metered usage under load: usage events onto the topic and through the batch route, counted from the summaries. */
@NullMarked
package io.abk.billing.bench.usage;

import org.jspecify.annotations.NullMarked;
