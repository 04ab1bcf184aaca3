package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import tools.jackson.databind.JsonNode;

/**
 * The example shop ({@code examples/shop}) on the stack with its local chain, bought from in a real headless Chromium:
 * the shop runs as a Node process with a new merchant's test key, and {@code test-tools/shop-browser.mjs} plays the
 * buyer with the chain's test wallet: subscribes to the plan at 1280 px and buys the one-time item at 360 px (leaving
 * its checkout once first), each time back on the shop's order page, which turns paid from the shop's webhook. Then the
 * shop is restarted and shown to find its catalog and endpoint again. Screenshots are in {@code target/shop-screens}.
 */
@ExtendWith(ChainStack.class)
@Order(ChainStack.ORDER)
@Execution(ExecutionMode.SAME_THREAD)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ShopBrowserIT {

    private static final Path SCREENS = Path.of("target", "shop-screens");
    /** Two checkouts on the chain (blocks every second, two deep) and Chromium's start: under a minute; never this. */
    private static final Duration RUN_LIMIT = Duration.ofMinutes(4);

    private static Api api;
    private static TestChain chain;
    private static TestMerchant merchant;
    private static String buyer;
    private static Path dataDir;
    private static int port;
    private static ExampleShop shop;
    private static JsonNode result;

    @BeforeAll
    static void buyFromTheShop(Api stackApi, TestChain stackChain) throws IOException {
        if (!CheckoutBrowser.available()) {
            return; // each test is then skipped, saying why
        }
        api = stackApi;
        chain = stackChain;
        // A merchant with a payout address (Api.MERCHANT_PAYOUT), as the chain tests make them, and a funded buyer.
        merchant = api.newMerchantDisplayed("Example Shop");
        buyer = chain.impersonatedWallets(List.of("100")).getFirst();
        dataDir = Files.createTempDirectory("example-shop-");
        port = ExampleShop.freePort();
        shop = ExampleShop.start(merchant.testKey(), api.info().baseUrl(), port, dataDir);
        result = runTheBuyer();
    }

    @AfterAll
    static void stopTheShop() {
        if (shop != null) {
            shop.close();
        }
        if (dataDir != null) {
            TempDirs.deleteQuietly(dataDir);
        }
    }

    @BeforeEach
    void needChromium() {
        CheckoutBrowser.assumeAvailable();
    }

    @Test
    @Order(1)
    void shouldShowTheOrdersPaidFromTheWebhookWhenTheBuyerPaysOnTheHostedCheckout() {
        assertThat(result.path("ok").asBoolean())
                .as("the buyer's run in the shop: %s%nthe shop's output:%n%s", result, shop.output())
                .isTrue();
        var plan = result.at("/orders/plan");
        var item = result.at("/orders/item");
        assertThat(plan.path("redirectedTo").asString()).isEqualTo(shop.url() + "/orders/" + orderId("plan"));
        assertThat(plan.path("finalStatus").asString()).isEqualTo("paid");
        // the item's order was seen pending (its checkout left by the cancel link) before it was paid
        assertThat(item.path("canceledAt").asString())
                .startsWith(shop.url() + "/orders/" + orderId("item") + "?canceled");
        assertThat(item.path("firstStatus").asString()).isEqualTo("pending");
        assertThat(item.path("finalStatus").asString()).isEqualTo("paid");

        // and the API agrees: the shop's subscription is active and its payment paid, 16.5 USDC moved from the buyer
        var orders = Json.parse(read(dataDir.resolve("orders.json")));
        var subscription = Subscriptions.get(
                        api,
                        merchant.testKey(),
                        orders.at("/" + orderId("plan") + "/billingId").asString())
                .expect(200)
                .json();
        assertThat(subscription.path("status").asString()).isEqualTo("active");
        assertThat(subscription.path("merchantRef").asString()).isEqualTo(orderId("plan"));
        assertThat(subscription.path("walletAddress").asString()).isEqualToIgnoringCase(buyer);
        var payment = ChainPayments.get(
                api, merchant, orders.at("/" + orderId("item") + "/billingId").asString());
        assertThat(payment.path("status").asString()).isEqualTo("paid");
        assertThat(payment.path("merchantRef").asString()).isEqualTo(orderId("item"));
        assertThat(chain.balance(buyer)).isEqualTo(TestChain.units("83.5"));
        assertThat(shop.output()).contains("event=webhook_applied").doesNotContain("event=webhook_refused");
    }

    @Test
    @Order(2)
    void shouldPassAxeAtDesktopAndPhoneWidthOnEveryShopPage() {
        assertThat(result.path("violations").valueStream().toList())
                .as("axe-core serious or critical violations")
                .isEmpty();
        assertThat(result.path("problems").valueStream().toList()).isEmpty();
        var shots = result.path("screenshots")
                .valueStream()
                .map(s -> Path.of(s.asString()).getFileName().toString())
                .toList();
        assertThat(shots)
                .contains(
                        "desktop--home.png",
                        "desktop--order-pending.png",
                        "desktop--order-paid-plan.png",
                        "phone--home.png",
                        "phone--order-canceled.png",
                        "phone--order-paid-item.png",
                        "phone--order-paid-plan.png");
    }

    /** Last: it restarts the shop. */
    @Test
    @Order(3)
    void shouldFindItsCatalogAndWebhookEndpointAgainWhenTheShopRestarts() {
        assertThat(result.path("ok").asBoolean())
                .as("the buyer's run passed first")
                .isTrue();
        shop.close();
        shop = ExampleShop.start(merchant.testKey(), api.info().baseUrl(), port, dataDir);

        assertThat(shop.output()).contains("found=true");
        var names = api.get("/v1/products")
                .key(merchant.testKey())
                .send()
                .expect(200)
                .json()
                .path("products")
                .valueStream()
                .map(product -> product.path("name").asString())
                .toList();
        assertThat(names).containsExactlyInAnyOrder("Example Shop Pro plan", "Example Shop sticker pack");
        var urls = api.get("/v1/webhook_endpoints")
                .key(merchant.testKey())
                .send()
                .expect(200)
                .json()
                .path("webhookEndpoints")
                .valueStream()
                .map(endpoint -> endpoint.path("url").asString())
                .toList();
        assertThat(urls).containsExactly(shop.url() + "/webhooks");
        // the orders are kept in the shop's data directory across the restart
        assertThat(get(shop.url() + "/orders/" + orderId("plan"))).contains("data-order-status=\"paid\"");
    }

    private static String orderId(String product) {
        return result.at("/orders/" + product + "/orderId").asString();
    }

    private static JsonNode runTheBuyer() throws IOException {
        assertThat(CheckoutBrowser.TOOLS.resolve("node_modules/playwright-core"))
                .as("playwright-core, installed by the build (npm ci in %s)", CheckoutBrowser.TOOLS.toAbsolutePath())
                .isDirectory();
        Files.createDirectories(SCREENS);
        var input = new LinkedHashMap<String, Object>();
        input.put("shopUrl", shop.url());
        input.put("account", buyer);
        input.put("rpcUrl", chain.info().rpcUrl());
        input.put("chainIdHex", "0x" + Long.toHexString(chain.info().chainId()));
        input.put("outDir", SCREENS.toAbsolutePath().toString());
        var run = BrowserTool.run("shop-browser.mjs", input, RUN_LIMIT);
        System.out.printf("shop browser: %d ms%n%s", run.took().toMillis(), run.output());
        return run.results();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String get(String url) {
        try {
            var response = Api.SHARED.send(
                    java.net.http.HttpRequest.newBuilder(java.net.URI.create(url))
                            .build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as("GET %s", url).isEqualTo(200);
            return response.body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
