package io.abk.billing.gateway.operator.demo;

import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.controlplane.audit.AuditEntry;
import io.abk.billing.gateway.controlplane.auth.ApiKeyService;
import io.abk.billing.gateway.controlplane.merchant.Merchant;
import io.abk.billing.gateway.controlplane.merchant.MerchantService;
import io.abk.billing.gateway.controlplane.user.UserService;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * When {@code billing.demo.enabled}: at start, makes sure the demo merchant (tagged {@code demo}) exists with
 * the configured name and default payout address, and that each configured key exists for it with exactly
 * that value. Idempotent across restarts and replicas; every change is audited (actor {@code bootstrap}). A
 * configured key that belongs to another merchant, or was revoked or expired, stops the start with a message
 * saying which setting to change. Key values are validated when the configuration is bound.
 */
@Component
public class DemoBootstrap implements ApplicationRunner {

    public static final String TAG = "demo";
    private static final Logger log = LoggerFactory.getLogger(DemoBootstrap.class);
    /** Generous: the database was migrated a moment ago, so this only waits for a few small transactions. */
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final BillingProperties.Demo demo;
    private final MerchantService merchants;
    private final ApiKeyService keys;
    private final UserService users;

    public DemoBootstrap(
            BillingProperties properties, MerchantService merchants, ApiKeyService keys, UserService users) {
        this.demo = properties.demo();
        this.merchants = merchants;
        this.keys = keys;
        this.users = users;
    }

    @Override
    public void run(ApplicationArguments args) {
        if (demo.enabled()) {
            ensure(demo).block(TIMEOUT);
        }
    }

    /** The demo merchant after making sure of it and its configured keys. */
    public Mono<Merchant> ensure(BillingProperties.Demo demo) {
        return merchants
                .ensureTagged(TAG, demo.merchantName(), demo.payoutAddress())
                .flatMap(merchant -> ensureKey(
                                merchant, demo.testKey(), "billing.demo.test-key (BILLING_DEMO_TEST_KEY)")
                        .then(ensureKey(merchant, demo.liveKey(), "billing.demo.live-key (BILLING_DEMO_LIVE_KEY)"))
                        .then(ensureOwner(merchant, demo.ownerEmail(), demo.ownerPassword()))
                        .thenReturn(merchant))
                .doOnNext(merchant -> log.info(
                        "demo merchant ready merchantId={} payoutAddressEvm={} testKeyConfigured={}"
                                + " liveKeyConfigured={}",
                        merchant.id(),
                        merchant.payoutAddressEvm(),
                        demo.testKey() != null,
                        demo.liveKey() != null));
    }

    private Mono<Void> ensureOwner(Merchant merchant, @Nullable String email, @Nullable String password) {
        if (email == null || password == null) {
            return Mono.empty();
        }
        return users.ensureOwner(
                        AuditEntry.BOOTSTRAP,
                        merchant.id(),
                        email,
                        password,
                        "billing.demo.owner-email (BILLING_DEMO_OWNER_EMAIL)")
                .doOnNext(owner -> log.info(
                        "demo owner ready merchantId={} userId={} email={}", merchant.id(), owner.id(), owner.email()))
                .then();
    }

    private Mono<Void> ensureKey(Merchant merchant, @Nullable String key, String setting) {
        if (key == null) {
            return Mono.empty();
        }
        return keys.ensureConfigured(AuditEntry.BOOTSTRAP, merchant.id(), key, setting)
                .doOnNext(stored -> log.info(
                        "demo key ready merchantId={} keyId={} mode={} hint={}",
                        merchant.id(),
                        stored.id(),
                        stored.mode(),
                        stored.hint()))
                .then();
    }
}
