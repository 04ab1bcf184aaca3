package io.abk.billing.gateway.portal;

import io.abk.billing.contracts.Eip2612;
import io.abk.billing.contracts.Signatures;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.TypedData;
import io.abk.billing.contracts.VaultSignatures;
import io.abk.billing.gateway.chain.ChainReads;
import io.abk.billing.gateway.chain.TokenReading;
import io.abk.billing.gateway.checkout.SignedTerms;
import io.abk.billing.gateway.command.Aggregate;
import io.abk.billing.gateway.command.Commands;
import io.abk.billing.gateway.command.Commands.Wait;
import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.controlplane.clock.EffectiveClock;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.opskit.web.ErrorAnswerException;
import io.abk.billing.schemas.avro.SubmitPermit;
import io.abk.billing.schemas.avro.SubmitSignedCancel;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/**
 * The portal's actions the customer's wallet signs, relayed so the customer pays no gas: {@code revoke} (the vault's
 * {@code CancelSubscription(ref, deadline)}, EIP-712 in the vault's domain, sent as {@code SubmitSignedCancel}: the
 * mandate ends on chain and holds without this service) and {@code raise-allowance} (an EIP-2612 permit of
 * {@value #PERIODS} periods for the vault, in the domain read from the token, sent as {@code SubmitPermit}). The
 * confirmation page carries the typed data; the portal's script has the wallet sign it and posts the form. The route
 * checks the signature recovers to the session's wallet before anything is sent; the relayer's answer shows on the
 * portal as the subscription's {@code lastCustomerAction}.
 */
@RestController
public class PortalSigningRoutes {

    /** The periods a renewed allowance covers, as a signed subscription's first permit does. */
    static final int PERIODS = 12;

    /** How long a signature may wait to be relayed. */
    static final Duration DEADLINE = Duration.ofHours(1);

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final PortalReads reads;
    private final Commands commands;
    private final ChainsProperties chains;
    private final ChainReads chainReads;
    private final EffectiveClock clock;

    public PortalSigningRoutes(
            PortalReads reads,
            Commands commands,
            ChainsProperties chains,
            ChainReads chainReads,
            EffectiveClock clock) {
        this.reads = reads;
        this.commands = commands;
        this.chains = chains;
        this.chainReads = chainReads;
        this.clock = clock;
    }

    @GetMapping("/portal/subscriptions/{id}/revoke")
    public Mono<ResponseEntity<String>> confirmRevoke(@PathVariable String id, ServerWebExchange exchange) {
        var session = PortalSessionFilter.of(exchange);
        return signable(session, id)
                .zipWith(deadline(session))
                .map(found -> page(
                        session,
                        id,
                        "revoke",
                        "Revoke this subscription on chain?",
                        "Your wallet signs the vault's cancel; it is sent for you, with no gas to pay. The mandate ends"
                                + " on chain and nothing more can be charged, whatever happens to this service.",
                        "Sign and revoke",
                        revokeData(session, id, BigInteger.valueOf(found.getT2())),
                        found.getT2(),
                        null))
                .switchIfEmpty(Mono.fromSupplier(() -> PortalActionRoutes.missing(id)));
    }

    @PostMapping("/portal/subscriptions/{id}/revoke")
    public Mono<ResponseEntity<String>> revoke(@PathVariable String id, ServerWebExchange exchange) {
        var session = PortalSessionFilter.of(exchange);
        return exchange.getFormData()
                .flatMap(form -> {
                    var deadline = deadline(form);
                    var signature = signature(form);
                    checkSigned(revokeData(session, id, BigInteger.valueOf(deadline)), signature, session);
                    var payload = SubmitSignedCancel.newBuilder()
                            .setWallet(session.wallet())
                            .setDeadlineSeconds(deadline)
                            .setSignature(signature)
                            .build();
                    return send(session, id, exchange, payload, "revoke");
                })
                .onErrorResume(ErrorAnswerException.class, PortalActionRoutes::refused);
    }

    @GetMapping("/portal/subscriptions/{id}/raise-allowance")
    public Mono<ResponseEntity<String>> confirmRaise(@PathVariable String id, ServerWebExchange exchange) {
        var session = PortalSessionFilter.of(exchange);
        return signable(session, id)
                .zipWith(deadline(session))
                .flatMap(found -> permitDomain(session).map(permit -> {
                    var subscription = found.getT1();
                    var deadline = found.getT2();
                    var value = allowance(subscription.path("amountUsdc").decimalValue(), session);
                    return page(
                            session,
                            id,
                            "raise-allowance",
                            "Renew the allowance?",
                            "Your wallet signs a permit letting the vault charge up to " + PERIODS
                                    + " periods of this subscription; it is sent for you, with no gas to pay.",
                            "Sign and renew",
                            permitData(session, permit, value, BigInteger.valueOf(deadline)),
                            deadline,
                            value.toString());
                }))
                .switchIfEmpty(Mono.fromSupplier(() -> PortalActionRoutes.missing(id)))
                .onErrorResume(ErrorAnswerException.class, PortalActionRoutes::refused);
    }

    @PostMapping("/portal/subscriptions/{id}/raise-allowance")
    public Mono<ResponseEntity<String>> raise(@PathVariable String id, ServerWebExchange exchange) {
        var session = PortalSessionFilter.of(exchange);
        return Mono.zip(exchange.getFormData(), permitDomain(session))
                .flatMap(found -> {
                    var form = found.getT1();
                    var deadline = deadline(form);
                    var signature = signature(form);
                    var value = uint(form.getFirst("value"), "value");
                    checkSigned(
                            permitData(session, found.getT2(), value, BigInteger.valueOf(deadline)),
                            signature,
                            session);
                    var payload = SubmitPermit.newBuilder()
                            .setWallet(session.wallet())
                            .setValueBaseUnits(value.toString())
                            .setDeadlineSeconds(deadline)
                            .setSignature(signature)
                            .build();
                    return send(session, id, exchange, payload, "raise-allowance");
                })
                .onErrorResume(ErrorAnswerException.class, PortalActionRoutes::refused);
    }

    /**
     * The deadline a confirmation asks the wallet to sign: {@link #DEADLINE} after the now the checkout's signatures
     * count from too (the wall clock, the merchant's test clock or the chain's time, whichever is latest).
     */
    private Mono<Long> deadline(PortalSession session) {
        return SignedTerms.now(chainReads, clock, session.merchantId(), session.mode())
                .map(now -> now.plus(DEADLINE).getEpochSecond());
    }

    /** The session's subscription, when its mode's chain takes signed requests; else empty (a 404 page). */
    private Mono<tools.jackson.databind.JsonNode> signable(PortalSession session, String id) {
        if (vault(session) == null) {
            return Mono.empty();
        }
        return reads.subscription(session, id);
    }

    private Mono<ResponseEntity<String>> send(
            PortalSession session, String id, ServerWebExchange exchange, Object payload, String action) {
        return commands.runOnExisting(
                        Aggregate.SUBSCRIPTION,
                        session.caller(),
                        exchange,
                        Wait.OUTCOME,
                        () -> payload,
                        () -> signable(session, id)
                                .map(found -> id)
                                .switchIfEmpty(ApiException.notFoundError("subscription", id)))
                .map(settled -> PortalActionRoutes.done(action));
    }

    private TypedData revokeData(PortalSession session, String id, BigInteger deadline) {
        return revokeData(chains.of(session.mode()).chainId(), Objects.requireNonNull(vault(session)), id, deadline);
    }

    /** The vault's {@code CancelSubscription} of subscription {@code id}'s reference, in the vault's domain. */
    static TypedData revokeData(long chainId, String vault, String id, BigInteger deadline) {
        return VaultSignatures.cancel(VaultSignatures.domain(chainId, vault), SubscriptionRef.of(id), deadline);
    }

    private TypedData permitData(
            PortalSession session, TokenReading.Permit permit, BigInteger value, BigInteger deadline) {
        return Eip2612.permit(
                permit.domain(),
                session.wallet(),
                Objects.requireNonNull(vault(session)),
                value,
                permit.nonce(),
                deadline);
    }

    /** The token's permit domain and the wallet's nonce; a 400 page when the token has none or the chain is silent. */
    private Mono<TokenReading.Permit> permitDomain(PortalSession session) {
        return chainReads
                .token(session.mode(), session.wallet())
                .switchIfEmpty(Mono.error(() -> ApiException.badRequest(
                        "chain_unavailable", "The chain did not answer in time. Try again in a moment.")))
                .flatMap(reading -> reading instanceof TokenReading.Permit permit
                        ? Mono.just(permit)
                        : Mono.error(ApiException.badRequest(
                                "signature_unsupported", "This network's token takes no signed allowance.")));
    }

    private BigInteger allowance(java.math.BigDecimal amountUsdc, PortalSession session) {
        var decimals = chains.of(session.mode()).usdcDecimals();
        return amountUsdc.movePointRight(decimals).toBigIntegerExact().multiply(BigInteger.valueOf(PERIODS));
    }

    private static void checkSigned(TypedData typed, String signature, PortalSession session) {
        checkSigned(typed, signature, session.wallet());
    }

    /** The signature of {@code typed} recovers to {@code wallet}; else a 400 {@code signature_invalid}. */
    static void checkSigned(TypedData typed, String signature, String wallet) {
        String signer;
        try {
            signer = Signatures.recover(typed.digest(), signature);
        } catch (IllegalArgumentException malformed) {
            throw ApiException.badRequest("signature_invalid", "The signature is malformed.");
        }
        if (!signer.equals(wallet)) {
            throw ApiException.badRequest(
                    "signature_invalid", "The signature is not this subscription's wallet's: connect " + wallet);
        }
    }

    private long deadline(MultiValueMap<String, String> form) {
        var deadline = uint(form.getFirst("deadline"), "deadline").longValueExact();
        var now = clock.wallNow();
        if (!Instant.ofEpochSecond(deadline).isAfter(now)) {
            throw ApiException.badRequest("signature_expired", "The signature's deadline has passed: sign again.");
        }
        return deadline;
    }

    private static String signature(MultiValueMap<String, String> form) {
        var signature = form.getFirst("signature");
        if (signature == null || !signature.matches("0x[0-9a-fA-F]{130}")) {
            throw ApiException.badRequest("signature_invalid", "Sign with your wallet first.");
        }
        return signature;
    }

    private static BigInteger uint(@Nullable String text, String field) {
        if (text == null || !text.matches("[0-9]{1,78}")) {
            throw ApiException.invalid(field, "must be a whole number");
        }
        return new BigInteger(text);
    }

    /** The mode's vault, where signed requests go; none in the sandbox. */
    private @Nullable String vault(PortalSession session) {
        var mode = session.mode();
        return chains.isSandbox(mode) ? null : chains.of(mode).vaultAddress();
    }

    private static ResponseEntity<String> page(
            PortalSession session,
            String id,
            String action,
            String heading,
            String sentence,
            String button,
            TypedData typed,
            long deadline,
            @Nullable String value) {
        var json = new LinkedHashMap<String, Object>();
        json.put("wallet", session.wallet());
        json.put("typedData", typed.json());
        var model = new HashMap<String, @Nullable Object>();
        model.put("heading", heading);
        model.put("sentence", sentence);
        model.put("action", "/portal/subscriptions/" + id + "/" + action);
        model.put("csrf", session.csrfToken());
        model.put("signing", action);
        model.put("deadline", Long.toString(deadline));
        model.put("value", value);
        model.put("tone", "revoke".equals(action) ? "danger" : "");
        model.put("confirmLabel", button);
        return PortalPages.page(
                HttpStatus.OK,
                heading,
                "portal-confirm",
                "Customer portal",
                session.mode(),
                session.csrfToken(),
                true,
                JSON.writeValueAsString(json),
                PortalPages.render(PortalPages.CONFIRM, model));
    }
}
