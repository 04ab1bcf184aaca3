package io.abk.billing.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.abk.billing.client.model.SubscriptionMandate;
import io.abk.billing.client.param.AccountUpdateParams;
import io.abk.billing.client.param.CouponCreateParams;
import io.abk.billing.client.param.CustomerCreateParams;
import io.abk.billing.client.param.CustomerListParams;
import io.abk.billing.client.param.CustomerUpdateParams;
import io.abk.billing.client.param.ListParams;
import io.abk.billing.client.param.MeterCreateParams;
import io.abk.billing.client.param.MeterEventBatchCreateParams;
import io.abk.billing.client.param.MeterEventCreateParams;
import io.abk.billing.client.param.PaymentCreateParams;
import io.abk.billing.client.param.PaymentLinkCreateParams;
import io.abk.billing.client.param.PortalSessionCreateParams;
import io.abk.billing.client.param.PriceCreateParams;
import io.abk.billing.client.param.ProductCreateParams;
import io.abk.billing.client.param.ProductUpdateParams;
import io.abk.billing.client.param.PromotionCodeCreateParams;
import io.abk.billing.client.param.PromotionCodeListParams;
import io.abk.billing.client.param.SubscriptionCreateParams;
import io.abk.billing.client.param.SubscriptionUpdateParams;
import io.abk.billing.client.param.UpcomingInvoiceParams;
import io.abk.billing.client.param.WebhookEndpointCreateParams;
import io.abk.billing.client.param.WebhookEndpointUpdateParams;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Each annotated method sends its operation's HTTP method to its operation's path, as openapi.json writes them. */
class OperationRoutesTest {

    private static final String ID = "obj_1";
    private static final String WALLET = "0x1111111111111111111111111111111111111111";

    /** One answer every operation can read: each envelope's field, each list's array. */
    private static final String ANY_ANSWER =
            "{\"subscription\":{},\"invoice\":{},\"payment\":{},\"customer\":{},\"product\":{},"
                    + "\"price\":{},\"webhookEndpoint\":{},\"event\":{},\"account\":{},\"paymentLink\":{},\"coupon\":{},"
                    + "\"promotionCode\":{},\"hasMore\":false}";

    static final Map<Class<?>, Object> SAMPLES = Map.ofEntries(
            Map.entry(String.class, ID),
            Map.entry(boolean.class, true),
            Map.entry(long.class, 60L),
            Map.entry(Long.class, 60L),
            Map.entry(BigDecimal.class, new BigDecimal("1.5")),
            Map.entry(Instant.class, Instant.parse("2026-02-01T00:00:00Z")),
            Map.entry(byte[].class, new byte[] {(byte) 0x89, 'P', 'N', 'G'}),
            Map.entry(ListParams.class, ListParams.NONE),
            Map.entry(CustomerListParams.class, CustomerListParams.NONE),
            Map.entry(PromotionCodeListParams.class, PromotionCodeListParams.NONE),
            Map.entry(
                    CouponCreateParams.class,
                    CouponCreateParams.builder()
                            .name("WELCOME")
                            .percentOff(new BigDecimal("12.5"))
                            .duration("once")
                            .build()),
            Map.entry(
                    MeterCreateParams.class,
                    MeterCreateParams.builder()
                            .eventName("api_requests")
                            .aggregation("sum")
                            .build()),
            Map.entry(
                    MeterEventCreateParams.class,
                    MeterEventCreateParams.builder()
                            .eventName("api_requests")
                            .customerWallet(WALLET)
                            .value(3)
                            .build()),
            Map.entry(
                    MeterEventBatchCreateParams.class,
                    MeterEventBatchCreateParams.of(List.of(MeterEventCreateParams.builder()
                            .eventName("api_requests")
                            .customerWallet(WALLET)
                            .build()))),
            Map.entry(
                    PromotionCodeCreateParams.class,
                    PromotionCodeCreateParams.builder()
                            .couponId("coupon_1")
                            .code("WELCOME20")
                            .build()),
            Map.entry(
                    UpcomingInvoiceParams.class,
                    UpcomingInvoiceParams.builder("sub_1")
                            .amountUsdc(new BigDecimal("5"))
                            .build()),
            Map.entry(
                    CustomerCreateParams.class,
                    CustomerCreateParams.builder().wallet(WALLET).build()),
            Map.entry(
                    CustomerUpdateParams.class,
                    CustomerUpdateParams.builder().email("a@example.com").build()),
            Map.entry(RequestOptions.class, RequestOptions.NONE),
            Map.entry(
                    SubscriptionCreateParams.class,
                    SubscriptionCreateParams.builder()
                            .merchantRef("order-1")
                            .customerWallet(WALLET)
                            .priceId("price_1")
                            .build()),
            Map.entry(
                    SubscriptionUpdateParams.class,
                    SubscriptionUpdateParams.builder()
                            .amountUsdc(new BigDecimal("2"))
                            .build()),
            Map.entry(
                    PaymentCreateParams.class,
                    PaymentCreateParams.builder()
                            .merchantRef("order-2")
                            .customerWallet(WALLET)
                            .amountUsdc(BigDecimal.ONE)
                            .build()),
            Map.entry(
                    PaymentLinkCreateParams.class,
                    PaymentLinkCreateParams.builder().amountUsdc(BigDecimal.TEN).build()),
            Map.entry(
                    ProductCreateParams.class,
                    ProductCreateParams.builder().name("Gold").build()),
            Map.entry(
                    ProductUpdateParams.class,
                    ProductUpdateParams.builder().name("Gold plus").build()),
            Map.entry(
                    PriceCreateParams.class,
                    PriceCreateParams.builder()
                            .amountUsdc(BigDecimal.ONE)
                            .interval("month")
                            .build()),
            Map.entry(
                    WebhookEndpointCreateParams.class,
                    WebhookEndpointCreateParams.builder()
                            .url("https://example.com/hook")
                            .build()),
            Map.entry(
                    WebhookEndpointUpdateParams.class,
                    WebhookEndpointUpdateParams.builder().disabled(true).build()),
            Map.entry(
                    PortalSessionCreateParams.class,
                    PortalSessionCreateParams.builder()
                            .customerWallet("0x1111111111111111111111111111111111111111")
                            .build()),
            Map.entry(
                    AccountUpdateParams.class,
                    AccountUpdateParams.builder().displayName("Shop").build()));

    record Route(String method, String path) {}

    static Stream<Arguments> operations() throws Exception {
        var routes = new HashMap<String, Route>();
        try (var in = OperationRoutesTest.class.getResourceAsStream("/openapi.json")) {
            new ObjectMapper()
                    .readTree(in)
                    .path("paths")
                    .properties()
                    .forEach(path -> path.getValue()
                            .properties()
                            .forEach(operation -> routes.put(
                                    operation.getValue().path("operationId").asText(),
                                    new Route(operation.getKey().toUpperCase(), path.getKey()))));
        }
        return OperationMethods.all().stream()
                .map(found ->
                        Arguments.of(found.name(), found.accessor(), found.method(), routes.get(found.operationId())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("operations")
    void shouldCallTheOperationsMethodAndPathWhenTheMethodIsCalled(
            String name, String accessor, Method method, Route route) throws Exception {
        // The mandate names its subscription by id, where the envelopes hold an object.
        var answer = method.getReturnType() == SubscriptionMandate.class ? "{}" : ANY_ANSWER;
        try (var api = new FakeApi().then(FakeApi.json(200, answer))) {
            var billing = api.client(0);
            var service = Billing.class.getMethod(accessor).invoke(billing);
            var arguments = Arrays.stream(method.getParameterTypes())
                    .map(type -> {
                        assertThat(SAMPLES).as("a sample of " + type).containsKey(type);
                        return SAMPLES.get(type);
                    })
                    .toArray();

            method.invoke(service, arguments);

            List<FakeApi.Request> requests = api.requests();
            assertThat(requests).hasSize(1);
            assertThat(requests.get(0).method()).isEqualTo(route.method());
            assertThat(requests.get(0).path()).isEqualTo(route.path().replaceAll("\\{[^}]+}", ID));
            var mutating = !route.method().equals("GET");
            assertThat(requests.get(0).header("Idempotency-Key") != null).isEqualTo(mutating);
        }
    }
}
