/**
 * The companion interface's routes (docs/architecture.md, "The USDT verifier"): {@code GET /health}, and, with a
 * key, scenarios, intents, verify, confirm, poll and the sandbox's test event. JSON in and out, amounts exact.
 */
@NullMarked
package io.abk.billing.usdt.http;

import org.jspecify.annotations.NullMarked;
