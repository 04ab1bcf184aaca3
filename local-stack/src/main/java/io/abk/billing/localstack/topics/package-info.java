/** Runs the topics step on the stack's broker before any service starts. */
@NullMarked
package io.abk.billing.localstack.topics;

import org.jspecify.annotations.NullMarked;
