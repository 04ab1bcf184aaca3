/** The measured figures of a run and the report that compares the system with the machine's baselines. */
@NullMarked
package io.abk.billing.bench.report;

import org.jspecify.annotations.NullMarked;
