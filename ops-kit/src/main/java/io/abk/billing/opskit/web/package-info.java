/**
 * What the WebFlux services' error handlers share: writing an error as a JSON answer ({@code {error, code, ...}})
 * after draining the unread request body, and finding a cause in a wrapped failure. Each service keeps its own codes,
 * messages and logs.
 */
@NullMarked
package io.abk.billing.opskit.web;

import org.jspecify.annotations.NullMarked;
