/**
 * The webhook signature scheme (README.md, "Verifying webhooks"), in one place:
 * {@link io.abk.billing.webhookverify.WebhookSigner} signs a delivery with both header sets,
 * {@link io.abk.billing.webhookverify.WebhookVerifier} checks one on the merchant's side,
 * {@link io.abk.billing.webhookverify.WebhookSecrets} makes {@code whsec_} secrets. JDK only.
 */
@NullMarked
package io.abk.billing.webhookverify;

import org.jspecify.annotations.NullMarked;
