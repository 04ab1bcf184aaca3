package io.abk.billing.systemtests.stack;

/**
 * What a client library's scenario is given to run against the stack: the API's base URL and a test key, the
 * harness's URL (pay a checkout, read webhooks, arm a cut), the cutting proxy's URL and the webhook endpoint's URL.
 */
record ScenarioEnv(String baseUrl, String apiKey, String harnessUrl, String cutUrl, String webhookUrl) {

    /** Without the key: an env printed in a test's failure must not carry a secret. */
    @Override
    public String toString() {
        return "ScenarioEnv[baseUrl=" + baseUrl + ", harnessUrl=" + harnessUrl + ", cutUrl=" + cutUrl + ", webhookUrl="
                + webhookUrl + "]";
    }
}
