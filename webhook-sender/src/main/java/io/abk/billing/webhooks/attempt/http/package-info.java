/**
 * The HTTP side of one attempt: the guarded POST (URL rules, a resolver that applies the SSRF guard to the very
 * addresses it connects to, the timeout, the response excerpt) and what it came to, as data. No JDBC, no Kafka.
 */
@NullMarked
package io.abk.billing.webhooks.attempt.http;

import org.jspecify.annotations.NullMarked;
