/**
 * The HTTP conventions every route shares (docs/api.md): the error body and codes, request ids, the
 * {@code Service-Version} header, body limits, which area of the API a path is in ({@link
 * io.abk.billing.gateway.platform.web.RequestPaths}), and the authenticated {@link
 * io.abk.billing.gateway.platform.web.Caller} every query and command is scoped by.
 */
@NullMarked
package io.abk.billing.gateway.platform.web;

import org.jspecify.annotations.NullMarked;
