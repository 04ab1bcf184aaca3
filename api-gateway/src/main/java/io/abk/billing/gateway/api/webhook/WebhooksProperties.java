package io.abk.billing.gateway.api.webhook;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code billing.webhooks.*}. {@code allowLoopbackInTest} ({@code BILLING_WEBHOOKS_ALLOW_LOOPBACK_IN_TEST}, default
 * false) lets test-mode endpoints use {@code http} and loopback addresses, for receivers on the developer's machine
 * (the local stack turns it on); live endpoints never may. {@code eventRetention}
 * ({@code BILLING_WEBHOOKS_EVENT_RETENTION}, default 30 days, the sender's setting of the same name) is how far back
 * the event API reads: the sender deletes older events hourly, so the API hides them before they are gone.
 */
@ConfigurationProperties("billing.webhooks")
public record WebhooksProperties(
        @DefaultValue("false") boolean allowLoopbackInTest,
        @DefaultValue("30d") Duration eventRetention) {

    public WebhooksProperties {
        if (eventRetention.isNegative() || eventRetention.isZero()) {
            throw new IllegalArgumentException(
                    "billing.webhooks.event-retention must be positive, got " + eventRetention);
        }
    }
}
