/**
 * The API's description: the hand-written OpenAPI 3.1 document ({@code openapi/openapi.json} on the class path),
 * served as it is at {@code GET /openapi.json} with no key. Tests keep it true: the gateway's route table against
 * its paths, and the system tests' recorded requests and answers against its schemas.
 */
@NullMarked
package io.abk.billing.gateway.platform.openapi;

import org.jspecify.annotations.NullMarked;
