/**
 * Hosted checkout (docs/api.md, "Checkout"): public routes, no API key, each found by its resource's own id
 * ({@code /checkout/subscribe/sub_...}, {@code /checkout/pay/pay_...}, {@code /checkout/link/plink_...}): the JSON
 * the customer's page reads, the POSTs it makes (activate a subscription, confirm a payment, open a link, also as a
 * plain form), and the server-rendered, escaped pages. On a mode with a chain the JSON also carries the wallet calls
 * to sign and the network for the wallet to add, so any client drives the payment without the vault's ABI. They show
 * only what the customer needs; nothing of the merchant's account (ids, metadata, references) leaves through them.
 */
@NullMarked
package io.abk.billing.gateway.checkout;

import org.jspecify.annotations.NullMarked;
