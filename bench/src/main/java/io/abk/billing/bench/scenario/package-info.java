/**
 * The scenarios {@code --scenario} names, one file each: what each offers the stack, in which order, and the rows
 * and notes it adds to the report; and the baselines measured beside them.
 */
@NullMarked
package io.abk.billing.bench.scenario;

import org.jspecify.annotations.NullMarked;
