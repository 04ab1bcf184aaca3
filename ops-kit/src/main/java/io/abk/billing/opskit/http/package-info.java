/** The management HTTP port of a service process: {@code /health}, {@code /ready}, {@code /metrics}. */
@NullMarked
package io.abk.billing.opskit.http;

import org.jspecify.annotations.NullMarked;
