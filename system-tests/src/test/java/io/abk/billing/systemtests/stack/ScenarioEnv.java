package io.abk.billing.systemtests.stack;

import java.util.Map;

/**
 * What a client library's scenario is given to run against the stack: the API's base URL and a test key, the
 * {@link ScenarioHarness}'s URL (pay a checkout, read webhooks, arm a cut), the cutting proxy's URL (the API through a
 * proxy that can drop an answer) and the URL to register as the scenario's webhook endpoint.
 */
record ScenarioEnv(String baseUrl, String apiKey, String harnessUrl, String cutUrl, String webhookUrl) {

    /** The same, as the environment variables a scenario process reads. */
    Map<String, String> environment() {
        return Map.of(
                "BILLING_BASE_URL", baseUrl,
                "BILLING_API_KEY", apiKey,
                "SCENARIO_HARNESS_URL", harnessUrl,
                "SCENARIO_CUT_URL", cutUrl,
                "SCENARIO_WEBHOOK_URL", webhookUrl);
    }

    /** Without the key: an env printed in a test's failure must not carry a secret. */
    @Override
    public String toString() {
        return "ScenarioEnv[baseUrl=" + baseUrl + ", harnessUrl=" + harnessUrl + ", cutUrl=" + cutUrl + ", webhookUrl="
                + webhookUrl + "]";
    }
}
