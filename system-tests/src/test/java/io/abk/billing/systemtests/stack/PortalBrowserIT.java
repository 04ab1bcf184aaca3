package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * The customer portal in a real headless Chromium ({@code test-tools/portal-browser.mjs}), in the sandbox: the customer
 * opens the link their merchant made with {@code POST /v1/portal_sessions}, sees their subscription and its paid
 * invoice, cancels at the period's end and resumes (each through its confirmation), opens the invoice's receipt, then
 * signs in afresh with Ethereum through an EIP-6963 wallet that signs with the subscription wallet's key. Every page is
 * photographed ({@code target/portal-screens}) and checked with axe-core; what the clicks did is checked through the
 * API.
 */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class PortalBrowserIT {

    static final Path SCREENS = Path.of("target", "portal-screens");
    /** anvil's third development account: a known key, no secret; the customer's wallet here. */
    private static final String CUSTOMER_KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";

    private static final String CUSTOMER = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
    private static final Duration RUN_LIMIT = Duration.ofMinutes(4);

    @Test
    void shouldCancelAndResumeFromThePortalLinkAndSignInWithEthereum(Api api) throws IOException {
        CheckoutBrowser.assumeAvailable();
        // given a customer's active subscription, its first invoice paid in the sandbox
        var shop = api.newMerchantDisplayed("Acme Coffee");
        var body = new LinkedHashMap<String, Object>(
                Subscriptions.adHoc("portal-browser", new BigDecimal("12.5"), "month"));
        body.put("customerWallet", CUSTOMER);
        var created = api.post(Subscriptions.PATH)
                .key(shop.testKey())
                .json(body)
                .send()
                .expect(201)
                .json();
        var subscriptionId = created.at("/subscription/id").asString();
        api.post(Subscriptions.PATH + "/" + subscriptionId + "/activate")
                .key(shop.testKey())
                .json(Map.of())
                .send()
                .expect(200);
        var link = api.post("/v1/portal_sessions")
                .key(shop.testKey())
                .json(Map.of("customerWallet", CUSTOMER))
                .send()
                .expect(201)
                .json();

        // when the customer uses the portal in a browser
        var input = new LinkedHashMap<String, String>();
        input.put("baseUrl", api.info().baseUrl());
        input.put("portalPath", URI.create(link.path("url").asString()).getPath());
        input.put("merchantId", shop.id());
        input.put("subscriptionId", subscriptionId);
        input.put("invoiceId", created.at("/invoice/id").asString());
        input.put("privateKey", CUSTOMER_KEY);
        input.put("chainIdHex", "0x14a34");
        input.put("outDir", SCREENS.toAbsolutePath().toString());
        var result = runBrowser(input);

        // then every step showed its page, accessible and within 360 px, and the subscription continues
        assertThat(result.path("ok").asBoolean())
                .as("portal in the browser: %s%nsteps: %s", result.path("error").asString(), result.path("steps"))
                .isTrue();
        assertThat(result.path("steps").valueStream().map(JsonNode::asString))
                .containsExactly(
                        "phone--portal",
                        "phone--portal-confirm-cancel",
                        "phone--portal-canceled",
                        "phone--portal-confirm-resume",
                        "phone--receipt",
                        "desktop--portal-sign-in",
                        "desktop--portal");
        assertThat(result.path("violations").valueStream().map(JsonNode::asString))
                .isEmpty();
        var subscription = api.get(Subscriptions.PATH + "/" + subscriptionId)
                .key(shop.testKey())
                .send()
                .expect(200)
                .json();
        assertThat(subscription.path("status").asString()).isEqualTo("active");
        assertThat(subscription.path("cancelAtPeriodEnd").asBoolean()).isFalse();
    }

    private static JsonNode runBrowser(Map<String, String> input) throws IOException {
        Files.createDirectories(SCREENS);
        var run = BrowserTool.run("portal-browser.mjs", input, RUN_LIMIT);
        System.out.print("portal browser: " + run.output());
        return run.results();
    }
}
