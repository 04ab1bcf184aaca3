/** Provisions every catalog topic that is missing and waits until each partition has a leader. */
@NullMarked
package io.abk.billing.localstack.topics;

import org.jspecify.annotations.NullMarked;
