package io.abk.billing.gateway.command.testkit;

import io.abk.billing.gateway.auth.Caller;
import io.abk.billing.gateway.catalog.CatalogPrice;
import io.abk.billing.gateway.catalog.PriceLookup;
import io.abk.billing.gateway.merchant.MerchantLookup;
import io.abk.billing.gateway.merchant.MerchantProfile;
import io.abk.billing.gateway.web.ApiException;
import io.abk.billing.gateway.web.ErrorCodes;
import io.abk.billing.gateway.web.FilterOrder;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.Ids;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.springframework.context.annotation.Bean;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.BindingContext;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import org.springframework.web.reactive.result.method.HandlerMethodArgumentResolver;
import org.springframework.web.reactive.result.method.annotation.ArgumentResolverConfigurer;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.WebExceptionHandler;
import org.springframework.web.server.WebFilter;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The platform seams this branch relies on, in their simplest form for tests: a request id, a caller from test
 * headers ({@code x-test-merchant}, {@code x-test-mode}), the {@link Caller} argument, an error handler with the
 * API's error body, and in-memory price and merchant lookups. A {@code @TestConfiguration}, so the application's
 * component scan in other tests leaves it out.
 */
@TestConfiguration(proxyBeanMethods = false)
public class TestPlatform implements WebFluxConfigurer {

    public static final String MERCHANT_HEADER = "x-test-merchant";
    public static final String MODE_HEADER = "x-test-mode";
    static final String REQUEST_ID_ATTRIBUTE = "io.abk.billing.gateway.web.RequestIds.requestId";

    /** Prices and merchants the lookups find. */
    public static final class Catalog implements PriceLookup, MerchantLookup {
        private final Map<String, Map.Entry<String, CatalogPrice>> prices = new ConcurrentHashMap<>();
        private final Map<String, MerchantProfile> merchants = new ConcurrentHashMap<>();

        public CatalogPrice addPrice(String merchantId, Mode mode, long amountMicros, String interval, int trialDays, boolean active) {
            var price = new CatalogPrice(Ids.newId(IdPrefix.PRICE, Instant.now()), Ids.newId(IdPrefix.PRODUCT, Instant.now()),
                    amountMicros, interval, trialDays, active);
            prices.put(price.id(), Map.entry(merchantId + "/" + mode, price));
            return price;
        }

        public void addMerchant(String merchantId, @Nullable String payoutAddress) {
            merchants.put(merchantId, new MerchantProfile(merchantId, "Merchant " + merchantId, null, payoutAddress));
        }

        @Override
        public Mono<CatalogPrice> find(String merchantId, Mode mode, String priceId) {
            var entry = prices.get(priceId);
            return entry != null && entry.getKey().equals(merchantId + "/" + mode) ? Mono.just(entry.getValue()) : Mono.empty();
        }

        @Override
        public Mono<MerchantProfile> find(String merchantId) {
            return Mono.justOrEmpty(merchants.get(merchantId));
        }
    }

    @Bean
    Catalog testCatalog() {
        return new Catalog();
    }

    @Bean
    StubSubscriptionProcessor stubSubscriptionProcessor() {
        return new StubSubscriptionProcessor();
    }

    @Bean
    @Order(FilterOrder.REQUEST_ID)
    WebFilter testRequestIds() {
        return (exchange, chain) -> {
            var id = Ids.newId(IdPrefix.REQUEST, Instant.now());
            exchange.getAttributes().put(REQUEST_ID_ATTRIBUTE, id);
            exchange.getResponse().getHeaders().set("x-request-id", id);
            return chain.filter(exchange);
        };
    }

    @Bean
    @Order(FilterOrder.AUTHENTICATION)
    WebFilter testAuthentication() {
        return (exchange, chain) -> {
            if (!exchange.getRequest().getPath().value().startsWith("/v1/")) {
                return chain.filter(exchange);
            }
            var merchant = exchange.getRequest().getHeaders().getFirst(MERCHANT_HEADER);
            var mode = exchange.getRequest().getHeaders().getFirst(MODE_HEADER);
            if (merchant == null || mode == null) {
                return Mono.error(new ApiException(401, ErrorCodes.AUTHENTICATION_ERROR, "test caller headers missing"));
            }
            exchange.getAttributes().put(Caller.ATTRIBUTE, new Caller(merchant, Mode.valueOf(mode.toUpperCase()), "key_test"));
            return chain.filter(exchange);
        };
    }

    @Override
    public void configureArgumentResolvers(ArgumentResolverConfigurer configurer) {
        configurer.addCustomResolver(new HandlerMethodArgumentResolver() {
            @Override
            public boolean supportsParameter(MethodParameter parameter) {
                return parameter.getParameterType() == Caller.class;
            }

            @Override
            public Mono<Object> resolveArgument(MethodParameter parameter, BindingContext context, ServerWebExchange exchange) {
                Object caller = exchange.getAttribute(Caller.ATTRIBUTE);
                return Mono.justOrEmpty(caller);
            }
        });
    }

    /** The API's error body {@code {error, code, param?, requestId}}, like the platform's handler. */
    @Bean
    @Order(-2)
    WebExceptionHandler testErrors(JsonMapper json) {
        return (exchange, thrown) -> {
            int status;
            String code;
            String message;
            String param = null;
            var retryAfter = (java.time.Duration) null;
            switch (thrown) {
                case ApiException api -> {
                    status = api.status();
                    code = api.code();
                    message = api.getMessage();
                    param = api.param();
                    retryAfter = api.retryAfter();
                }
                case ServerWebInputException input -> {
                    status = 400;
                    code = ErrorCodes.INVALID_JSON;
                    message = "The request body is not valid JSON";
                }
                case ResponseStatusException other -> {
                    status = other.getStatusCode().value();
                    code = status == 404 ? ErrorCodes.ROUTE_NOT_FOUND : "http_" + status;
                    message = String.valueOf(other.getReason());
                }
                default -> {
                    status = 500;
                    code = ErrorCodes.INTERNAL_ERROR;
                    message = thrown.toString();
                }
            }
            var body = new LinkedHashMap<String, @Nullable Object>();
            body.put("error", message);
            body.put("code", code);
            if (param != null) {
                body.put("param", param);
            }
            body.put("requestId", exchange.getAttribute(REQUEST_ID_ATTRIBUTE));
            var response = exchange.getResponse();
            response.setStatusCode(HttpStatusCode.valueOf(status));
            response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
            if (retryAfter != null) {
                response.getHeaders().set("Retry-After", Long.toString(retryAfter.toSeconds()));
            }
            var bytes = json.writeValueAsBytes(body);
            return response.writeWith(Mono.fromSupplier(() -> response.bufferFactory().wrap(bytes)));
        };
    }
}
