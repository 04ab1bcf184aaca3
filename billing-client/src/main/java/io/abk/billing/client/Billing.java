package io.abk.billing.client;

import io.abk.billing.client.internal.ClientSettings;
import io.abk.billing.client.internal.Transport;
import io.abk.billing.client.service.AccountService;
import io.abk.billing.client.service.CouponService;
import io.abk.billing.client.service.CustomerService;
import io.abk.billing.client.service.EventService;
import io.abk.billing.client.service.InvoiceService;
import io.abk.billing.client.service.MeterEventService;
import io.abk.billing.client.service.MeterService;
import io.abk.billing.client.service.PaymentLinkService;
import io.abk.billing.client.service.PaymentService;
import io.abk.billing.client.service.PortalSessionService;
import io.abk.billing.client.service.PriceService;
import io.abk.billing.client.service.ProductService;
import io.abk.billing.client.service.PromotionCodeService;
import io.abk.billing.client.service.SubscriptionService;
import io.abk.billing.client.service.TestClockService;
import io.abk.billing.client.service.WebhookEndpointService;
import io.abk.billing.client.service.Webhooks;
import java.net.URI;
import java.time.Duration;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The client of the billing API: one per API key, immutable and thread-safe, sharing one HTTP connection pool.
 *
 * <pre>{@code
 * Billing billing = Billing.builder().apiKey(key).baseUrl("https://billing.example.com").build();
 * CreatedSubscription created = billing.subscriptions().create(params);
 * }</pre>
 */
public final class Billing {

    /** Where the API listens when neither the builder nor {@code BILLING_BASE_URL} says: the local stack. */
    public static final String DEFAULT_BASE_URL = "http://localhost:8080";
    /** Two retries: enough to ride out a restart or a cut connection, few enough to fail within seconds. */
    public static final int DEFAULT_MAX_RETRIES = 2;
    /** Thirty seconds per attempt: above the API's own processing timeout, so its 503 comes before ours. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    private final Transport transport;
    private final SubscriptionService subscriptions;
    private final InvoiceService invoices;
    private final PaymentService payments;
    private final CustomerService customers;
    private final CouponService coupons;
    private final PromotionCodeService promotionCodes;
    private final MeterService meters;
    private final MeterEventService meterEvents;
    private final PaymentLinkService paymentLinks;
    private final ProductService products;
    private final PriceService prices;
    private final WebhookEndpointService webhookEndpoints;
    private final EventService events;
    private final TestClockService testClock;
    private final PortalSessionService portalSessions;
    private final AccountService account;
    private final Webhooks webhooks;

    private Billing(ClientSettings settings) {
        this.transport = new Transport(settings);
        this.subscriptions = new SubscriptionService(transport);
        this.invoices = new InvoiceService(transport);
        this.payments = new PaymentService(transport);
        this.customers = new CustomerService(transport);
        this.coupons = new CouponService(transport);
        this.promotionCodes = new PromotionCodeService(transport);
        this.meters = new MeterService(transport);
        this.meterEvents = new MeterEventService(transport);
        this.paymentLinks = new PaymentLinkService(transport);
        this.products = new ProductService(transport);
        this.prices = new PriceService(transport);
        this.webhookEndpoints = new WebhookEndpointService(transport);
        this.events = new EventService(transport);
        this.testClock = new TestClockService(transport);
        this.portalSessions = new PortalSessionService(transport);
        this.account = new AccountService(transport);
        this.webhooks = new Webhooks(transport.json());
    }

    /** A builder whose defaults come from {@code BILLING_API_KEY} and {@code BILLING_BASE_URL}. */
    public static Builder builder() {
        return new Builder(System.getenv());
    }

    /** A client from {@code BILLING_API_KEY} and {@code BILLING_BASE_URL} (default {@value #DEFAULT_BASE_URL}). */
    public static Billing fromEnvironment() {
        return builder().build();
    }

    public SubscriptionService subscriptions() {
        return subscriptions;
    }

    public InvoiceService invoices() {
        return invoices;
    }

    public PaymentService payments() {
        return payments;
    }

    public CustomerService customers() {
        return customers;
    }

    public CouponService coupons() {
        return coupons;
    }

    public PromotionCodeService promotionCodes() {
        return promotionCodes;
    }

    public MeterService meters() {
        return meters;
    }

    public MeterEventService meterEvents() {
        return meterEvents;
    }

    public PaymentLinkService paymentLinks() {
        return paymentLinks;
    }

    public ProductService products() {
        return products;
    }

    public PriceService prices() {
        return prices;
    }

    public WebhookEndpointService webhookEndpoints() {
        return webhookEndpoints;
    }

    public EventService events() {
        return events;
    }

    public TestClockService testClock() {
        return testClock;
    }

    public PortalSessionService portalSessions() {
        return portalSessions;
    }

    public AccountService account() {
        return account;
    }

    public Webhooks webhooks() {
        return webhooks;
    }

    /** Collects the settings; {@link #build()} checks them and makes the client. */
    public static final class Builder {
        private @Nullable String apiKey;
        private String baseUrl;
        private int maxRetries = DEFAULT_MAX_RETRIES;
        private Duration timeout = DEFAULT_TIMEOUT;

        Builder(Map<String, String> environment) {
            this.apiKey = environment.get("BILLING_API_KEY");
            var fromEnvironment = environment.get("BILLING_BASE_URL");
            this.baseUrl = fromEnvironment == null || fromEnvironment.isBlank() ? DEFAULT_BASE_URL : fromEnvironment;
        }

        /** The API key ({@code abk_test_...} or {@code abk_live_...}); default {@code BILLING_API_KEY}. */
        public Builder apiKey(String apiKey) {
            this.apiKey = apiKey;
            return this;
        }

        /** The API's address, without {@code /v1}; default {@code BILLING_BASE_URL}, else the local stack's. */
        public Builder baseUrl(String baseUrl) {
            this.baseUrl = baseUrl;
            return this;
        }

        /** Retries of a failed call that is safe to retry; default {@value Billing#DEFAULT_MAX_RETRIES}. */
        public Builder maxRetries(int maxRetries) {
            this.maxRetries = maxRetries;
            return this;
        }

        /** The timeout of each attempt; default 30 s. */
        public Builder timeout(Duration timeout) {
            this.timeout = timeout;
            return this;
        }

        /**
         * The client.
         *
         * @throws IllegalStateException no API key was given and {@code BILLING_API_KEY} is not set
         * @throws IllegalArgumentException a setting is out of range
         */
        public Billing build() {
            if (apiKey == null || apiKey.isBlank()) {
                throw new IllegalStateException(
                        "no API key: pass one to Billing.builder().apiKey(...) or set BILLING_API_KEY");
            }
            if (maxRetries < 0) {
                throw new IllegalArgumentException("maxRetries cannot be negative: " + maxRetries);
            }
            if (timeout.isNegative() || timeout.isZero()) {
                throw new IllegalArgumentException("the timeout must be positive: " + timeout);
            }
            var url = URI.create(baseUrl);
            if (url.getScheme() == null || url.getHost() == null) {
                throw new IllegalArgumentException("the base URL needs a scheme and a host: " + baseUrl);
            }
            return new Billing(new ClientSettings(apiKey, url, maxRetries, timeout));
        }
    }
}
