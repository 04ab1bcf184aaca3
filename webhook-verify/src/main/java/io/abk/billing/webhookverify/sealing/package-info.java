/**
 * Webhook signing secrets at rest: {@link io.abk.billing.webhookverify.sealing.SealingKeys} is the keyring the
 * platform's services are configured with ({@code BILLING_SECRETS_KEYS}, {@code BILLING_SECRETS_ACTIVE_KEY}),
 * {@link io.abk.billing.webhookverify.sealing.SecretSealer} seals a secret for one endpoint row with AES-GCM and
 * opens it again. The platform's own: a merchant verifying webhooks needs none of it. JDK only.
 */
@NullMarked
package io.abk.billing.webhookverify.sealing;

import org.jspecify.annotations.NullMarked;
