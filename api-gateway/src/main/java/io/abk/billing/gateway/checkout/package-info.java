/**
 * Hosted checkout of subscriptions (DESIGN section 9): public routes, no API key, found by the subscription's own
 * id: the session JSON, the activate the customer's page posts, and the server-rendered page. They show only what
 * the customer needs; nothing of the merchant's account (ids, metadata, references) leaves through them.
 */
@NullMarked
package io.abk.billing.gateway.checkout;

import org.jspecify.annotations.NullMarked;
