package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.ResourceLock;
import tools.jackson.databind.JsonNode;

/**
 * The customer stops what they signed, on the local chain, in Chromium ({@code test-tools/portal-browser.mjs}, flow
 * {@code revoke}): a wallet holding USDC and no ether subscribed by signatures alone; from the portal link its
 * merchant made, the customer revokes the mandate, the announced wallet signs the vault's cancel (EIP-712) and the
 * platform's relayer submits it. The vault's {@code Canceled} then revokes the mandate in the API, the subscription
 * ends with its paid period, and the wallet still holds no ether.
 */
@ExtendWith(ChainStack.class)
@Order(ChainStack.ORDER)
// The chain's time: ChainSubscriptionIT moves it a month at a time, and a signed request in flight meanwhile (the
// portal's revoke) would reach the chain past its deadline.
@ResourceLock("chain-time")
class PortalRevokeBrowserIT {

    static final Path SCREENS = Path.of("target", "portal-screens");
    private static final Duration RUN_LIMIT = Duration.ofMinutes(3);

    private static Api api;
    private static TestChain chain;

    @BeforeAll
    static void stack(Api stackApi, TestChain stackChain) {
        api = stackApi;
        chain = stackChain;
    }

    @Test
    void shouldRevokeTheMandateOnChainWhenACustomerWithNoEtherSignsTheCancelInThePortal() throws IOException {
        CheckoutBrowser.assumeAvailable();
        // given a wallet with no ether whose subscription it only signed, and the portal link its merchant made
        var customer = chain.walletsWithoutEther(List.of("50")).getFirst();
        var merchant = api.newMerchantDisplayed("Acme Coffee");
        var subscribed =
                ChainSubscriptions.subscribeBySignature(api, merchant, customer, TestChain.freshAddress(), "12.5");
        var link = api.post("/v1/portal_sessions")
                .key(merchant.testKey())
                .json(Map.of("customerWallet", customer.address()))
                .send()
                .expect(201)
                .json();

        // when the customer revokes the mandate from the portal, their wallet signing the cancel
        var input = new LinkedHashMap<String, String>();
        input.put("flow", "revoke");
        input.put("baseUrl", api.info().baseUrl());
        input.put("portalPath", URI.create(link.path("url").asString()).getPath());
        input.put("merchantId", merchant.id());
        input.put("subscriptionId", subscribed.id());
        input.put("privateKey", customer.privateKeyHex());
        input.put("rpcUrl", chain.info().rpcUrl());
        input.put("chainIdHex", "0x" + Long.toHexString(chain.info().chainId()));
        input.put("outDir", SCREENS.toAbsolutePath().toString());
        Files.createDirectories(SCREENS);
        var run = BrowserTool.run("portal-browser.mjs", input, RUN_LIMIT);
        System.out.print("portal revoke browser: " + run.output());
        JsonNode result = run.results();

        // then the wallet signed the vault's cancel and nothing else, every page passed its checks
        assertThat(result.path("ok").asBoolean())
                .as(result.path("error").asString())
                .isTrue();
        assertThat(result.path("signed").valueStream().map(JsonNode::asString)).containsExactly("CancelSubscription");
        assertThat(result.path("steps").valueStream().map(JsonNode::asString))
                .containsExactly("phone--portal-confirm-revoke", "phone--portal-revoked");
        assertThat(result.path("violations").valueStream().map(JsonNode::asString))
                .isEmpty();
        // and the relayer's cancel reached the vault, whose Canceled revoked the mandate: the period paid ends it
        var subscription = await("mandate of " + subscribed.id())
                .atMost(ChainStack.SETTLES)
                .until(
                        () -> Subscriptions.get(api, merchant.testKey(), subscribed.id())
                                .expect(200)
                                .json(),
                        json -> "revoked".equals(json.path("mandateStatus").asString()));
        assertThat(subscription.path("cancelAtPeriodEnd").asBoolean()).isTrue();
        assertThat(subscription.at("/lastCustomerAction/kind").asString()).isEqualTo("revoke");
        assertThat(chain.etherBalance(customer.address())).isZero();
    }
}
