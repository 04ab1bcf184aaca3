/** Short-lived, bounded in-process caches of control-plane rows read on every request (API keys, merchants). */
@NullMarked
package io.abk.billing.gateway.platform.cache;

import org.jspecify.annotations.NullMarked;
