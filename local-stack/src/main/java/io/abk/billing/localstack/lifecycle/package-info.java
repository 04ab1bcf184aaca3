/** Small helpers for starting and stopping parts: free ports, deadlines, bounded closes. */
@NullMarked
package io.abk.billing.localstack.lifecycle;

import org.jspecify.annotations.NullMarked;
