package io.abk.billing.gateway.portal;

import io.abk.billing.gateway.command.idempotency.ShowsSecret;
import io.abk.billing.gateway.config.BillingProperties;
import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.schemas.render.ApiJson;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /v1/portal_sessions {customerWallet, returnUrl?}}: a merchant (its key's merchant and mode) creates a
 * portal link for one customer's wallet. The answer's {@code url} carries a random token that opens one portal
 * session within an hour ({@link PortalLinkRoutes}); only its hash is kept, so the link is shown this once.
 */
@RestController
@RequestMapping("/v1/portal_sessions")
public class PortalSessionRoutes {

    /** How long a link may wait to be opened. */
    static final Duration LINK_LIFETIME = Duration.ofHours(1);

    private final PortalSessionRepository repository;
    private final URI publicUrl;
    private final Clock clock;

    public PortalSessionRoutes(PortalSessionRepository repository, BillingProperties properties, Clock clock) {
        this.repository = repository;
        this.publicUrl = properties.publicUrl();
        this.clock = clock;
    }

    @PostMapping
    @ShowsSecret
    public Mono<ResponseEntity<Map<String, @Nullable Object>>> create(
            Caller caller, @RequestBody(required = false) @Nullable JsonNode body) {
        var fields = RequestFields.of(body);
        var wallet = fields.requiredEvmAddress("customerWallet").toLowerCase(Locale.ROOT);
        var returnUrl = fields.optionalHttpUrl("returnUrl").map(URI::toString).orElse(null);
        var token = PortalTokens.next();
        var now = Now.of(clock);
        var expiresAt = now.plus(LINK_LIFETIME);
        return repository
                .insertLink(
                        PortalTokens.hash(token), caller.merchantId(), caller.mode(), wallet, returnUrl, now, expiresAt)
                .then(Mono.fromSupplier(() -> {
                    var answer = new LinkedHashMap<String, @Nullable Object>();
                    answer.put("object", "portal_session");
                    answer.put("url", url(token));
                    answer.put("expiresAt", expiresAt.toString());
                    answer.put("customerWallet", wallet);
                    answer.put("returnUrl", returnUrl);
                    answer.put("mode", ApiJson.mode(caller.mode()));
                    return ResponseEntity.status(HttpStatus.CREATED).body(answer);
                }));
    }

    private String url(String token) {
        var base = publicUrl.toString();
        return (base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + PortalLinkRoutes.PATH + token;
    }
}
