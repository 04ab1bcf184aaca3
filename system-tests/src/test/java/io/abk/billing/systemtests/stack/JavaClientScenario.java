package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import io.abk.billing.client.AuthenticationException;
import io.abk.billing.client.Billing;
import io.abk.billing.client.ConnectionException;
import io.abk.billing.client.IdempotencyException;
import io.abk.billing.client.InvalidRequestException;
import io.abk.billing.client.NotFoundException;
import io.abk.billing.client.RateLimitException;
import io.abk.billing.client.RequestOptions;
import io.abk.billing.client.model.Customer;
import io.abk.billing.client.model.Event;
import io.abk.billing.client.model.Payment;
import io.abk.billing.client.model.PromotionCode;
import io.abk.billing.client.model.Subscription;
import io.abk.billing.client.param.CouponCreateParams;
import io.abk.billing.client.param.CustomerCreateParams;
import io.abk.billing.client.param.CustomerListParams;
import io.abk.billing.client.param.CustomerUpdateParams;
import io.abk.billing.client.param.ListParams;
import io.abk.billing.client.param.MeterCreateParams;
import io.abk.billing.client.param.MeterEventBatchCreateParams;
import io.abk.billing.client.param.MeterEventCreateParams;
import io.abk.billing.client.param.PaymentCreateParams;
import io.abk.billing.client.param.PriceCreateParams;
import io.abk.billing.client.param.ProductCreateParams;
import io.abk.billing.client.param.PromotionCodeCreateParams;
import io.abk.billing.client.param.PromotionCodeListParams;
import io.abk.billing.client.param.SubscriptionCreateParams;
import io.abk.billing.client.param.WebhookEndpointCreateParams;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The Java client library's scenario against the real stack, through billing-client alone: a subscription from a
 * price, paid on the local chain by the harness, active, a delivery about it verified by
 * {@code webhooks().constructEvent}, a partial refund; a customer found by its wallet, changed and subscribed by its
 * id; a subscription with a licensed and a metered item, its usage reported in a batch with a retried identifier and
 * read back priced by the tiers; each error type provoked for real; and a payment whose first answer the harness's proxy cuts, retried by the
 * library with the same Idempotency-Key and made once.
 */
final class JavaClientScenario {

    /** Blocks come each second and settle two deep; Kafka round trips add seconds on a loaded machine. */
    private static final Duration SETTLES = Duration.ofSeconds(90);
    /** Enough concurrent reads to pass the gateway's per-key rate limit within a burst or a few. */
    private static final int BURST = 150;

    private final ScenarioEnv env;
    private final Billing billing;
    private final HttpClient http =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private JavaClientScenario(ScenarioEnv env) {
        this.env = env;
        this.billing =
                Billing.builder().apiKey(env.apiKey()).baseUrl(env.baseUrl()).build();
    }

    static void run(ScenarioEnv env) {
        var scenario = new JavaClientScenario(env);
        scenario.subscribeAndPay();
        scenario.customerByWallet();
        scenario.couponThroughAPromotionCode();
        scenario.meteredUsage();
        scenario.retryThroughACutConnection();
        // Last: the rate limit it provokes must not meet the calls above.
        scenario.provokeEachError();
    }

    private void subscribeAndPay() {
        // given a webhook endpoint at the harness and a product with a monthly price of 12.345678 USDC
        var endpoint = billing.webhookEndpoints()
                .create(WebhookEndpointCreateParams.builder()
                        .url(env.webhookUrl())
                        .build());
        var product = billing.products()
                .create(ProductCreateParams.builder().name("Java client plan").build());
        var price = billing.products()
                .createPrice(
                        product.id(),
                        PriceCreateParams.builder()
                                .amountUsdc(new BigDecimal("12.345678"))
                                .interval("month")
                                .build());
        assertThat(price.amountUsdc()).isEqualByComparingTo("12.345678");

        // when a subscription is created from the price and its checkout is paid on chain
        var created = billing.subscriptions()
                .create(SubscriptionCreateParams.builder()
                        .merchantRef("java-client-" + UUID.randomUUID())
                        .customerWallet(freshAddress())
                        .priceId(price.id())
                        .build());
        var subscriptionId = created.subscription().id();
        assertThat(created.invoice().amountUsdc()).isEqualByComparingTo("12.345678");
        // and its first invoice is one subscription line of the invoice's whole amount
        assertThat(created.invoice().lines()).singleElement().satisfies(line -> {
            assertThat(line.kind()).isEqualTo("subscription");
            assertThat(line.amountUsdc()).isEqualByComparingTo(created.invoice().amountUsdc());
        });
        var paid = harness("/pay", "{\"checkoutUrl\":\"" + created.checkoutUrl() + "\"}");
        assertThat(paid.path("txHashes").size()).as("the wallet calls sent").isPositive();

        // then the subscription is active, its first invoice paid
        await("activation of " + subscriptionId)
                .atMost(SETTLES)
                .until(() -> billing.subscriptions().retrieve(subscriptionId).status(), "active"::equals);
        var invoiceId = created.invoice().id();
        await("payment of " + invoiceId)
                .atMost(SETTLES)
                .until(() -> billing.invoices().retrieve(invoiceId).status(), "paid"::equals);

        // and a delivery about it reached the endpoint and verifies under the endpoint's secret
        var event = await("a verified webhook about " + subscriptionId)
                .atMost(SETTLES)
                .until(() -> deliveryAbout(subscriptionId, endpoint.secret()), found -> found != null);
        assertThat(event.data().toString()).contains(subscriptionId);

        // when part of the invoice is refunded, then the refunded amount is exactly that part
        billing.invoices().refund(invoiceId, new BigDecimal("2.000001"));
        await("the partial refund of " + invoiceId)
                .atMost(SETTLES)
                .until(
                        () -> billing.invoices().retrieve(invoiceId).amountRefundedUsdc(),
                        amount -> amount.compareTo(new BigDecimal("2.000001")) == 0);
    }

    private void couponThroughAPromotionCode() {
        // given a coupon of 12.5 % off, once, and a code of it in another case than a customer types it
        var coupon = billing.coupons()
                .create(CouponCreateParams.builder()
                        .name("JAVA")
                        .percentOff(new BigDecimal("12.5"))
                        .duration("once")
                        .build());
        assertThat(coupon.percentOff()).isEqualByComparingTo("12.5");
        var code = billing.promotionCodes()
                .create(PromotionCodeCreateParams.builder()
                        .couponId(coupon.id())
                        .code("Java-" + UUID.randomUUID().toString().substring(0, 8))
                        .build());
        assertThat(billing.promotionCodes()
                        .list(PromotionCodeListParams.builder()
                                .code(code.code().toUpperCase(Locale.ROOT))
                                .build())
                        .data())
                .extracting(PromotionCode::id)
                .containsExactly(code.id());

        // when a subscription of 8 USDC is created with the code, then its first invoice is 7 USDC, exactly
        var subscribed = billing.subscriptions()
                .create(SubscriptionCreateParams.builder()
                        .merchantRef("java-client-coupon-" + UUID.randomUUID())
                        .customerWallet(freshAddress())
                        .amountUsdc(new BigDecimal("8"))
                        .interval("month")
                        .promotionCode(code.code().toLowerCase(Locale.ROOT))
                        .build());
        assertThat(subscribed.invoice().amountUsdc()).isEqualByComparingTo("7");
        assertThat(billing.coupons().retrieve(coupon.id()).timesRedeemed()).isEqualTo(1);

        // when the coupon is disabled, then it reads so and the code's next use is refused as coupon_invalid
        assertThat(billing.coupons().disable(coupon.id()).valid()).isFalse();
        var refused = catchThrowableOfType(
                InvalidRequestException.class,
                () -> billing.subscriptions()
                        .create(SubscriptionCreateParams.builder()
                                .merchantRef("java-client-coupon-" + UUID.randomUUID())
                                .customerWallet(freshAddress())
                                .amountUsdc(new BigDecimal("8"))
                                .interval("month")
                                .promotionCode(code.code())
                                .build()));
        assertThat(refused.code()).isEqualTo("coupon_invalid");
    }

    private void meteredUsage() {
        // given a summed meter (its event name new to the merchant), a seat price of 2.5 USDC and a tiered price of
        // the meter: the first 10 units at 0.1, the rest at 0.000125 plus 1 USDC once
        var eventName = "java_calls_" + UUID.randomUUID().toString().substring(0, 8);
        var meter = billing.meters()
                .create(MeterCreateParams.builder()
                        .eventName(eventName)
                        .aggregation("sum")
                        .build());
        assertThat(meter.status()).isEqualTo("active");
        assertThat(billing.meters().retrieve(meter.id()).eventName()).isEqualTo(eventName);
        var product = billing.products()
                .create(ProductCreateParams.builder()
                        .name("Java client metered plan")
                        .build());
        var seat = billing.products()
                .createPrice(
                        product.id(),
                        PriceCreateParams.builder()
                                .amountUsdc(new BigDecimal("2.5"))
                                .interval("month")
                                .build());
        var calls = billing.products()
                .createPrice(
                        product.id(),
                        PriceCreateParams.builder()
                                .interval("month")
                                .metered(meter.id())
                                .tiers(List.of(
                                        PriceCreateParams.Tier.upTo(10, new BigDecimal("0.1")),
                                        PriceCreateParams.Tier.rest(new BigDecimal("0.000125"))
                                                .withFlatAmountUsdc(BigDecimal.ONE)))
                                .build());
        assertThat(calls.usageType()).isEqualTo("metered");
        assertThat(calls.meterId()).isEqualTo(meter.id());
        assertThat(calls.tiers()).hasSize(2);

        // when a subscription of two seats and the calls, at most 50 USDC a period, is created and its checkout paid
        var wallet = freshAddress();
        var created = billing.subscriptions()
                .create(SubscriptionCreateParams.builder()
                        .merchantRef("java-client-metered-" + UUID.randomUUID())
                        .customerWallet(wallet)
                        .item(seat.id(), 2)
                        .item(calls.id())
                        .maxAmountPerPeriodUsdc(new BigDecimal("50"))
                        .build());
        var subscriptionId = created.subscription().id();
        assertThat(created.subscription().items()).hasSize(2);
        assertThat(created.subscription().maxAmountPerPeriodUsdc()).isEqualByComparingTo("50");
        // the first invoice bills the seats only: usage is billed in arrears
        assertThat(created.invoice().amountUsdc()).isEqualByComparingTo("5");
        harness("/pay", "{\"checkoutUrl\":\"" + created.checkoutUrl() + "\"}");
        await("activation of " + subscriptionId)
                .atMost(SETTLES)
                .until(() -> billing.subscriptions().retrieve(subscriptionId).status(), "active"::equals);

        // and usage is reported: a batch whose first event is sent again (a retry), then one event alone
        var events = new ArrayList<MeterEventCreateParams>();
        for (var sent : List.of(Map.entry("a", 7L), Map.entry("b", 5L), Map.entry("a", 7L))) {
            events.add(MeterEventCreateParams.builder()
                    .eventName(eventName)
                    .identifier(subscriptionId + "-" + sent.getKey())
                    .customerWallet(wallet)
                    .value(sent.getValue())
                    .build());
        }
        assertThat(billing.meterEvents()
                        .createBatch(MeterEventBatchCreateParams.of(events))
                        .accepted())
                .isEqualTo(3);
        var single = billing.meterEvents()
                .create(MeterEventCreateParams.builder()
                        .eventName(eventName)
                        .customerWallet(wallet)
                        .value(3)
                        .build());
        assertThat(single.customerId()).isEqualTo(created.subscription().customerId());

        // then the usage reads 15 units in 3 events (the retry counted once), priced by the tiers exactly:
        // 10 x 0.1 + 5 x 0.000125 + 1 = 2.000625
        var usage = await("the usage of " + subscriptionId)
                .atMost(SETTLES)
                .until(
                        () -> billing.subscriptions().usage(subscriptionId),
                        read -> read.items().size() == 1 && read.items().get(0).quantity() == 15);
        var item = usage.items().get(0);
        assertThat(item.eventCount()).isEqualTo(3);
        assertThat(item.meterId()).isEqualTo(meter.id());
        assertThat(item.amountUsdc()).isEqualByComparingTo("2.000625");
    }

    private void customerByWallet() {
        // given a customer of a fresh wallet, with an email
        var wallet = freshAddress();
        var created = billing.customers()
                .create(CustomerCreateParams.builder()
                        .wallet(wallet.toUpperCase(Locale.ROOT).replace("0X", "0x"))
                        .email("first@example.com")
                        .metadata(Map.of("source", "java-client"))
                        .build());
        assertThat(created.wallet()).isEqualTo(wallet);
        assertThat(created.id()).startsWith("cus_");

        // when it is looked up by its wallet, then it is the one customer of that wallet
        var found = billing.customers()
                .list(CustomerListParams.builder().wallet(wallet).build())
                .data();
        assertThat(found).extracting(Customer::id).containsExactly(created.id());

        // when its email changes and its name is cleared, then it reads back so and keeps its wallet and metadata
        var updated = billing.customers()
                .update(
                        created.id(),
                        CustomerUpdateParams.builder()
                                .email("second@example.com")
                                .clearName()
                                .build());
        assertThat(updated.email()).isEqualTo("second@example.com");
        var again = billing.customers().retrieve(created.id());
        assertThat(again.email()).isEqualTo("second@example.com");
        assertThat(again.name()).isNull();
        assertThat(again.wallet()).isEqualTo(wallet);
        assertThat(again.metadata()).containsEntry("source", "java-client");

        // when a subscription names the customer by id alone, then it is the customer's wallet's and carries the id
        var subscribed = billing.subscriptions()
                .create(SubscriptionCreateParams.builder()
                        .merchantRef("java-client-customer-" + UUID.randomUUID())
                        .customerId(created.id())
                        .amountUsdc(new BigDecimal("4.000001"))
                        .interval("month")
                        .build());
        assertThat(subscribed.subscription().customerId()).isEqualTo(created.id());
        assertThat(subscribed.subscription().walletAddress()).isEqualToIgnoringCase(wallet);
        assertThat(billing.subscriptions()
                        .list(ListParams.builder().customerId(created.id()).build())
                        .data())
                .extracting(Subscription::id)
                .containsExactly(subscribed.subscription().id());

        // and the change was published as customer.updated, whose data reads as the customer
        var event = await("customer.updated of " + created.id())
                .atMost(SETTLES)
                .until(() -> customerEvent(created.id()), published -> published != null);
        assertThat(event.customer()).isNotNull();
        assertThat(event.customer().email()).isEqualTo("second@example.com");
    }

    /** The newest {@code customer.updated} event of the customer; null till there is one. */
    private @Nullable Event customerEvent(String customerId) {
        for (Event event : billing.events()
                .list(ListParams.builder().type("customer.updated").limit(20).build())
                .data()) {
            var customer = event.customer();
            if (customer != null && customerId.equals(customer.id())) {
                return event;
            }
        }
        return null;
    }

    private void provokeEachError() {
        var badKey = Billing.builder()
                .apiKey("sk_test_" + "0".repeat(32))
                .baseUrl(env.baseUrl())
                .build();
        var unauthenticated = catchThrowableOfType(
                AuthenticationException.class, () -> badKey.account().retrieve());
        assertThat(unauthenticated.type()).isEqualTo("authentication_error");
        assertThat(unauthenticated.requestId()).isNotBlank();

        var invalid = catchThrowableOfType(
                InvalidRequestException.class,
                () -> billing.subscriptions()
                        .create(SubscriptionCreateParams.builder()
                                .merchantRef("java-client-bad")
                                .customerWallet("not-a-wallet")
                                .amountUsdc(BigDecimal.ONE)
                                .interval("month")
                                .build()));
        assertThat(invalid.type()).isEqualTo("invalid_request_error");
        assertThat(invalid.statusCode()).isEqualTo(400);
        assertThat(invalid.param()).isEqualTo("customerWallet");

        var missing = catchThrowableOfType(
                NotFoundException.class, () -> billing.subscriptions().retrieve("sub_" + "0".repeat(26)));
        assertThat(missing.type()).isEqualTo("not_found_error");
        assertThat(missing.code()).isEqualTo("resource_missing");

        var key = RequestOptions.builder()
                .idempotencyKey(UUID.randomUUID().toString())
                .build();
        billing.products()
                .create(
                        ProductCreateParams.builder()
                                .name("Java key, first body")
                                .build(),
                        key);
        var reused = catchThrowableOfType(
                IdempotencyException.class,
                () -> billing.products()
                        .create(
                                ProductCreateParams.builder()
                                        .name("Java key, second body")
                                        .build(),
                                key));
        assertThat(reused.type()).isEqualTo("idempotency_error");
        assertThat(reused.code()).isEqualTo("idempotency_error");

        var limited = await("a rate limit in bursts of " + BURST)
                .atMost(Duration.ofSeconds(60))
                .until(this::burst, found -> found != null);
        assertThat(limited.type()).isEqualTo("rate_limit_error");
        assertThat(limited.statusCode()).isEqualTo(429);

        var closed = Billing.builder()
                .apiKey(env.apiKey())
                .baseUrl("http://127.0.0.1:" + closedPort())
                .maxRetries(0)
                .build();
        var unreachable = catchThrowableOfType(
                ConnectionException.class, () -> closed.account().retrieve());
        assertThat(unreachable.type()).isEqualTo("connection_error");
        assertThat(unreachable.statusCode()).isZero();
    }

    private void retryThroughACutConnection() {
        var throughProxy = Billing.builder()
                .apiKey(env.apiKey())
                .baseUrl(env.cutUrl())
                .maxRetries(2)
                .build();
        // given a connection the client keeps alive through the proxy, and the proxy's next answer cut
        throughProxy.payments().list(ListParams.builder().limit(1).build());
        harness("/cut-next", "{}");
        var merchantRef = "java-client-cut-" + UUID.randomUUID();

        // when a payment is created through the proxy
        var created = throughProxy
                .payments()
                .create(PaymentCreateParams.builder()
                        .merchantRef(merchantRef)
                        .customerWallet(freshAddress())
                        .amountUsdc(new BigDecimal("3.25"))
                        .build());

        // then the library's retry answered it, and the payment exists once
        var madeForTheReference = new ArrayList<String>();
        for (Payment payment :
                billing.payments().list(ListParams.builder().limit(100).build()).autoPagingIterable()) {
            if (merchantRef.equals(payment.merchantRef())) {
                madeForTheReference.add(payment.id());
            }
            if (payment.createdAt().isBefore(created.payment().createdAt().minusSeconds(60))) {
                break;
            }
        }
        assertThat(madeForTheReference).containsExactly(created.payment().id());
    }

    /** One burst of concurrent reads without retries; the first rate limit it met, or null. */
    private @Nullable RateLimitException burst() {
        var once = RequestOptions.builder().maxRetries(0).build();
        var limited = new AtomicReference<@Nullable RateLimitException>();
        try (var threads = Executors.newFixedThreadPool(BURST)) {
            var calls = new ArrayList<CompletableFuture<Void>>();
            for (var i = 0; i < BURST; i++) {
                calls.add(CompletableFuture.runAsync(
                        () -> {
                            try {
                                billing.account().retrieve(once);
                            } catch (RateLimitException e) {
                                limited.compareAndSet(null, e);
                            }
                        },
                        threads));
            }
            CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).join();
        }
        return limited.get();
    }

    /** The event of the first delivery to the endpoint that names the subscription and verifies; null till then. */
    private @Nullable Event deliveryAbout(String subscriptionId, String secret) {
        var path = URI.create(env.webhookUrl()).getPath();
        for (var delivery : get("/webhooks?after=0").path("deliveries")) {
            var body = delivery.path("body").asString();
            if (path.equals(delivery.path("path").asString()) && body.contains(subscriptionId)) {
                var headers = new HashMap<String, String>();
                delivery.path("headers")
                        .properties()
                        .forEach(h -> headers.put(h.getKey(), h.getValue().asString()));
                return billing.webhooks().constructEvent(body, Map.copyOf(headers), secret);
            }
        }
        return null;
    }

    private JsonNode harness(String path, String json) {
        return send(HttpRequest.newBuilder(URI.create(env.harnessUrl() + path))
                .timeout(SETTLES)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build());
    }

    private JsonNode get(String path) {
        return send(HttpRequest.newBuilder(URI.create(env.harnessUrl() + path))
                .timeout(SETTLES)
                .GET()
                .build());
    }

    private JsonNode send(HttpRequest request) {
        try {
            var response = http.send(request, HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode())
                    .as("%s %s answered %s", request.method(), request.uri(), response.body())
                    .isEqualTo(200);
            return Json.parse(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A port nothing listens on: bound, then released. */
    private static int closedPort() {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A wallet address nobody uses: the harness pays from it (anvil signs for it). */
    private static String freshAddress() {
        var bytes = new byte[20];
        new SecureRandom().nextBytes(bytes);
        return "0x" + HexFormat.of().formatHex(bytes);
    }
}
