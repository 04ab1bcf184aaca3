/**
 * The machinery under the services: the transport (headers, idempotency keys, retries, timeouts), the JSON mapper
 * and the error mapping. Public for the services' use; not part of the library's supported API.
 */
@NullMarked
package io.abk.billing.client.internal;

import org.jspecify.annotations.NullMarked;
