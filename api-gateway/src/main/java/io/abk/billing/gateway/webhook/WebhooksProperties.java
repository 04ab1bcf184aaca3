package io.abk.billing.gateway.webhook;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code billing.webhooks.*}. {@code allowLoopbackInTest} ({@code BILLING_WEBHOOKS_ALLOW_LOOPBACK_IN_TEST}, default
 * false) lets test-mode endpoints use {@code http} and loopback addresses, for receivers on the developer's machine
 * (the local stack turns it on); live endpoints never may.
 */
@ConfigurationProperties("billing.webhooks")
public record WebhooksProperties(@DefaultValue("false") boolean allowLoopbackInTest) {
}
