/**
 * The HTTP conventions every route shares (docs/api.md): the error body and codes, request ids, the
 * {@code Service-Version} header, body limits.
 */
@NullMarked
package io.abk.billing.gateway.web;

import org.jspecify.annotations.NullMarked;
