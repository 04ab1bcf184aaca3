package io.abk.billing.webhooks.testkit;

import io.abk.billing.webhooks.WebhookSenderApplication;
import java.util.Map;

/** Starts the sender as the tests run it; {@link #main} is the child JVM's entry point in the crash test. */
public final class SenderLauncher {

    private SenderLauncher() {
    }

    public static WebhookSenderApplication.Running start(Map<String, String> settings) {
        return WebhookSenderApplication.start(settings, StandInAttemptsConfiguration.class);
    }

    public static void main(String[] args) {
        start(Map.of());
    }
}
