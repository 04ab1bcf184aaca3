/**
 * What the WebFlux services' web plumbing shares: the exception a refusal is thrown as, writing it as a JSON answer
 * ({@code {error, code, ...}}) after draining the unread request body, finding a cause in a wrapped failure, where a
 * caller presents its key, and whether a response had a status set on it. Each service keeps its own codes, messages and logs.
 */
@NullMarked
package io.abk.billing.opskit.web;

import org.jspecify.annotations.NullMarked;
