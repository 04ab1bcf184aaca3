package io.abk.billing.gateway.portal;

import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.config.Now;
import io.abk.billing.gateway.controlplane.merchant.MerchantLookup;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.schemas.avro.Mode;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Sign-In with Ethereum (EIP-4361) into one merchant's portal in one mode: the page ({@code GET /portal/sign-in}) connects
 * a wallet; {@code POST /portal/sign-in/message} composes the message for it (domain = the request's host, its URI, the
 * mode's chain id, a fresh nonce kept ten minutes, issued-at and expiration time) and keeps it; the wallet signs it
 * with {@code personal_sign}; {@code POST /portal/sign-in} opens the session when the message is exactly the one
 * issued with its nonce, the nonce unused and unexpired, the domain this request's host, and the signer the message's
 * address. Anything else is a 401 and opens nothing.
 */
@RestController
public class PortalSignInRoutes {

    static final Duration NONCE_LIFETIME = Duration.ofMinutes(10);

    private static final String STATEMENT = "Sign in to the customer portal to see and manage your subscriptions.";
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final PortalSignInRepository nonces;
    private final PortalSessionOpener opener;
    private final MerchantLookup merchants;
    private final ChainsProperties chains;
    private final Clock clock;

    public PortalSignInRoutes(
            PortalSignInRepository nonces,
            PortalSessionOpener opener,
            MerchantLookup merchants,
            ChainsProperties chains,
            Clock clock) {
        this.nonces = nonces;
        this.opener = opener;
        this.merchants = merchants;
        this.chains = chains;
        this.clock = clock;
    }

    /** The sign-in page of a merchant's portal in a mode. */
    static String path(String merchantId, Mode mode) {
        return "/portal/sign-in?merchant=" + merchantId + "&mode=" + mode.name().toLowerCase(Locale.ROOT);
    }

    @GetMapping("/portal/sign-in")
    public Mono<ResponseEntity<String>> page(
            @RequestParam(name = "merchant", required = false) @Nullable String merchantId,
            @RequestParam(name = "mode", required = false) @Nullable String modeText) {
        var mode = mode(modeText);
        if (merchantId == null || mode.isEmpty()) {
            return Mono.just(unknownMerchant());
        }
        return merchants
                .find(merchantId)
                .map(merchant -> {
                    var json = new LinkedHashMap<String, Object>();
                    json.put("merchant", merchantId);
                    json.put("mode", modeText);
                    json.put("chainId", chains.of(mode.get()).chainId());
                    var model = new HashMap<String, @Nullable Object>();
                    model.put("merchant", merchant.checkoutName());
                    return PortalPages.page(
                            HttpStatus.OK,
                            "Sign in: " + merchant.checkoutName(),
                            "portal-sign-in",
                            merchant.checkoutName(),
                            mode.get(),
                            null,
                            true,
                            JSON.writeValueAsString(json),
                            PortalPages.render(PortalPages.SIGN_IN, model));
                })
                .defaultIfEmpty(unknownMerchant());
    }

    /** {@code {merchant, mode, address}}: answers {@code {message, nonce}}, the message the wallet is to sign. */
    @PostMapping("/portal/sign-in/message")
    public Mono<Map<String, Object>> message(
            @RequestBody(required = false) @Nullable JsonNode body, ServerWebExchange exchange) {
        var fields = RequestFields.of(body);
        var merchantId = fields.requiredString("merchant");
        var mode = mode(fields.requiredString("mode"))
                .orElseThrow(() -> ApiException.invalid("mode", "must be test or live"));
        var address = fields.requiredEvmAddress("address").toLowerCase(Locale.ROOT);
        var request = exchange.getRequest();
        var host = host(exchange);
        var scheme = PortalCookie.secure(request) ? "https" : "http";
        return merchants
                .find(merchantId)
                .switchIfEmpty(ApiException.notFoundError("merchant", merchantId))
                .flatMap(merchant -> {
                    var now = Now.of(clock);
                    var message = new SiweMessage(
                            host,
                            address,
                            STATEMENT,
                            scheme + "://" + host + "/portal",
                            chains.of(mode).chainId(),
                            PortalTokens.nonce(),
                            now,
                            now.plus(NONCE_LIFETIME));
                    var text = message.text();
                    return nonces.insert(message.nonce(), merchantId, mode, text, now, message.expirationTime())
                            .thenReturn(Map.<String, Object>of("message", text, "nonce", message.nonce()));
                });
    }

    /**
     * {@code {message, signature}}: opens the session (its cookie) and answers {@code {redirect: "/portal"}}, or 401
     * {@code authentication_error} saying what was wrong.
     */
    @PostMapping("/portal/sign-in")
    public Mono<ResponseEntity<Map<String, String>>> signIn(
            @RequestBody(required = false) @Nullable JsonNode body, ServerWebExchange exchange) {
        var fields = RequestFields.of(body);
        var text = fields.requiredString("message");
        var signature = fields.requiredString("signature");
        var claims = SiweMessage.claims(text).orElseThrow(() -> refused("The message is not a sign-in message"));
        if (!claims.domain().equalsIgnoreCase(host(exchange))) {
            throw refused("The message signs in to " + claims.domain() + ", not to this site");
        }
        var signer = SiweMessage.signer(text, signature).orElseThrow(() -> refused("The signature is malformed"));
        if (!signer.equals(claims.address())) {
            throw refused("The signature is not the message's account's");
        }
        return nonces.use(claims.nonce(), Now.of(clock))
                .switchIfEmpty(Mono.error(() -> refused("The message expired or was used: sign in again")))
                .flatMap(issued -> {
                    if (!issued.message().equals(text)) {
                        return Mono.error(refused("The message is not the one issued with its nonce"));
                    }
                    return opener.open(exchange, issued.merchantId(), issued.mode(), signer, null);
                })
                .map(opened -> ResponseEntity.ok()
                        .headers(onlyCookie(opened.getHeaders()))
                        .body(Map.of("redirect", "/portal")));
    }

    private static HttpHeaders onlyCookie(HttpHeaders opened) {
        var headers = new HttpHeaders();
        var cookie = opened.getFirst(HttpHeaders.SET_COOKIE);
        if (cookie != null) {
            headers.add(HttpHeaders.SET_COOKIE, cookie);
        }
        return headers;
    }

    private static String host(ServerWebExchange exchange) {
        var host = exchange.getRequest().getHeaders().getFirst(HttpHeaders.HOST);
        return host == null ? "" : host.toLowerCase(Locale.ROOT);
    }

    private static Optional<Mode> mode(@Nullable String text) {
        if ("test".equals(text)) {
            return Optional.of(Mode.TEST);
        }
        return "live".equals(text) ? Optional.of(Mode.LIVE) : Optional.empty();
    }

    private static ApiException refused(String sentence) {
        return new ApiException(401, ErrorCodes.AUTHENTICATION_ERROR, sentence);
    }

    private static ResponseEntity<String> unknownMerchant() {
        return PortalPages.notice(
                HttpStatus.NOT_FOUND,
                "No such portal",
                "This sign-in link names no merchant. Use the link on the merchant's page.",
                null,
                null);
    }
}
