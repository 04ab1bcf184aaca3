/**
 * The SSRF guard of webhook URLs: which URLs and resolved addresses an endpoint may point at. No Spring, so the
 * future sender can run the same check at delivery time.
 */
@NullMarked
package io.abk.billing.endpointguard;

import org.jspecify.annotations.NullMarked;
