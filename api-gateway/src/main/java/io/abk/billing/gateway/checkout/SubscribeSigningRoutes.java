package io.abk.billing.gateway.checkout;

import io.abk.billing.contracts.Eip2612;
import io.abk.billing.gateway.chain.ChainReads;
import io.abk.billing.gateway.chain.TokenReading;
import io.abk.billing.gateway.command.Aggregate;
import io.abk.billing.gateway.command.Commands;
import io.abk.billing.gateway.command.Commands.Target;
import io.abk.billing.gateway.command.Commands.Wait;
import io.abk.billing.gateway.command.Settled;
import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.controlplane.clock.EffectiveClock;
import io.abk.billing.gateway.controlplane.merchant.MerchantLookup;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.readmodel.LatestResources;
import io.abk.billing.gateway.readmodel.OwnedResource;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.gateway.readmodel.SubscriptionReadModel;
import io.abk.billing.schemas.avro.SubmitSignedMandate;
import java.math.BigInteger;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code /checkout/subscribe/{id}/signing} and {@code /signatures}: the subscription's signature path, public like the
 * page. The first gives the two payloads to sign (the token's EIP-2612 permit for the vault, in the domain read from
 * the token, and the vault's {@code SubscribeAuthorization} of the subscription's terms), or says why there is none
 * (the page then sends transactions). The second checks both signatures against terms rebuilt here ({@link
 * SignatureChecks}) and sends {@code SubmitSignedMandate} through the command path the activate uses; the relayer
 * submits it and pays the gas.
 */
@RestController
@RequestMapping("/checkout/subscribe")
public class SubscribeSigningRoutes {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final SubscriptionReadModel subscriptions;
    private final MerchantLookup merchants;
    private final Commands commands;
    private final LatestResources latest;
    private final ChainsProperties chains;
    private final ChainReads reads;
    private final EffectiveClock clock;

    public SubscribeSigningRoutes(
            SubscriptionReadModel subscriptions,
            MerchantLookup merchants,
            Commands commands,
            LatestResources latest,
            ChainsProperties chains,
            ChainReads reads,
            EffectiveClock clock) {
        this.subscriptions = subscriptions;
        this.merchants = merchants;
        this.commands = commands;
        this.latest = latest;
        this.chains = chains;
        this.reads = reads;
        this.clock = clock;
    }

    /** {@code ?wallet=0x..}: {@code {supported, wallet, permit, terms}}, or {@code {supported: false, reason}}. */
    @GetMapping("/{id}/signing")
    public Mono<Map<String, @Nullable Object>> signing(
            @PathVariable String id, @RequestParam(name = "wallet", required = false) @Nullable String wallet) {
        // The resource first: an id of another kind is 404 whatever the query says.
        return owned(id).flatMap(owned -> {
            var signer = SignatureChecks.address(wallet, "wallet");
            var subscription = owned.body();
            var refusal = refusal(owned);
            if (refusal != null) {
                return Mono.just(Signing.unsupported(refusal));
            }
            SignatureChecks.sameWallet(signer, ResourceJson.text(subscription, "walletAddress"));
            return signingNow(owned)
                    .flatMap(now -> token(owned, signer).map(reading -> switch (reading) {
                        case TokenReading.Unsupported unsupported -> Signing.unsupported(unsupported.reason());
                        case TokenReading.Permit permit -> offer(owned, signer, permit, now);
                    }));
        });
    }

    /**
     * {@code {wallet, periods, deadline, nonce, signature, permit: {value, deadline, signature} | null}}: 202
     * {@code {subscription}} (the checkout session) once the signed mandate is accepted; 400 with nothing sent when
     * anything does not hold.
     */
    @PostMapping("/{id}/signatures")
    public Mono<ResponseEntity<Map<String, @Nullable Object>>> signatures(
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        return owned(id).flatMap(owned -> {
            var caller = CheckoutSupport.caller(owned);
            return commands.run(
                            Aggregate.SUBSCRIPTION,
                            caller,
                            exchange,
                            Wait.OUTCOME,
                            identity -> verified(owned, body)
                                    .flatMap(payload -> subscriptions
                                            .existing(caller, id)
                                            .map(aggregateId -> new Target(aggregateId, payload))))
                    .map(Settled::requireAccepted)
                    .flatMap(settled -> latest.subscription(caller, id, settled.newestFirst()))
                    .flatMap(subscription -> CheckoutSupport.displayName(merchants, owned)
                            .map(name -> {
                                var answer = new LinkedHashMap<String, @Nullable Object>();
                                answer.put(
                                        "subscription",
                                        CheckoutSession.of(
                                                subscription, null, owned.mode(), name.orElse(null), chains));
                                return ResponseEntity.status(HttpStatus.ACCEPTED)
                                        .body((Map<String, @Nullable Object>) answer);
                            }));
        });
    }

    private Mono<SubmitSignedMandate> verified(OwnedResource owned, @Nullable JsonNode raw) {
        return signingNow(owned).flatMap(now -> verifiedAt(owned, raw, now));
    }

    private Mono<SubmitSignedMandate> verifiedAt(OwnedResource owned, @Nullable JsonNode raw, Instant now) {
        var body = SignatureChecks.object(raw);
        var subscription = owned.body();
        var signer = SignatureChecks.address(body, "wallet");
        var periods = SignatureChecks.uint(body, "periods");
        var deadline = SignatureChecks.seconds(body, "deadline");
        var nonce = SignatureChecks.word(body, "nonce");
        var signature = SignatureChecks.signature(body, "signature");
        var permitNode = body.get("permit");
        var hasPermit = permitNode != null && !permitNode.isNull();
        if (hasPermit && !permitNode.isObject()) {
            throw ApiException.invalid("permit", "must be an object {value, deadline, signature} or null");
        }
        var permitValue = hasPermit ? SignatureChecks.uint(permitNode, "value") : null;
        var permitDeadline = hasPermit ? SignatureChecks.seconds(permitNode, "deadline") : null;
        var permitSignature = hasPermit ? SignatureChecks.signature(permitNode, "signature") : null;

        var refusal = refusal(owned);
        if (refusal != null) {
            throw SignatureChecks.unsupported(refusal);
        }
        SignatureChecks.sameWallet(signer, ResourceJson.text(subscription, "walletAddress"));
        if (!periods.equals(BigInteger.valueOf(SignedTerms.PERIODS))) {
            throw ApiException.badRequest(
                    SignatureChecks.TERMS_MISMATCH,
                    "A signed subscription covers " + SignedTerms.PERIODS + " periods, not " + periods + ".");
        }
        SignatureChecks.deadline(deadline, now, "signed subscription");
        var chain = chains.of(owned.mode());
        var terms = SignedTerms.subscribe(subscription, chain, signer, deadline, nonce);
        SignatureChecks.signedBy(SignedTerms.subscribeTypedData(chain, terms), signature, signer, "subscription");
        var mandate = SubmitSignedMandate.newBuilder()
                .setWallet(signer)
                .setPeriods(SignedTerms.PERIODS)
                .setDeadlineSeconds(deadline.getEpochSecond())
                .setNonce(nonce)
                .setSignature(signature)
                .setAmountBaseUnits(terms.amount().toString())
                .setPeriodMonths(terms.periodMonths())
                .setFirstChargeAtSeconds(terms.firstChargeAt().getEpochSecond());
        if (!hasPermit) {
            return Mono.just(mandate.build());
        }
        var value = Objects.requireNonNull(permitValue);
        var permitUntil = Objects.requireNonNull(permitDeadline);
        if (value.compareTo(terms.amount()) < 0) {
            throw ApiException.badRequest(
                    SignatureChecks.TERMS_MISMATCH,
                    "The permit allows " + value + " base units, less than one period's " + terms.amount() + ".");
        }
        SignatureChecks.deadline(permitUntil, now, "permit");
        return token(owned, signer).map(reading -> {
            if (!(reading instanceof TokenReading.Permit permit)) {
                throw SignatureChecks.unsupported(((TokenReading.Unsupported) reading).reason());
            }
            var typed = Eip2612.permit(
                    permit.domain(),
                    signer,
                    Objects.requireNonNull(chain.vaultAddress()),
                    value,
                    permit.nonce(),
                    BigInteger.valueOf(permitUntil.getEpochSecond()));
            SignatureChecks.signedBy(typed, Objects.requireNonNull(permitSignature), signer, "permit");
            return mandate.setPermitValueBaseUnits(value.toString())
                    .setPermitDeadlineSeconds(permitUntil.getEpochSecond())
                    .setPermitSignature(permitSignature)
                    .build();
        });
    }

    private Map<String, @Nullable Object> offer(
            OwnedResource owned, String signer, TokenReading.Permit permit, Instant now) {
        var chain = chains.of(owned.mode());
        var deadline = SignedTerms.deadline(now);
        var nonce = randomNonce();
        var terms = SignedTerms.subscribe(owned.body(), chain, signer, deadline, nonce);
        var value = SignedTerms.permitValue(terms);
        var permitTyped = Eip2612.permit(
                permit.domain(),
                signer,
                Objects.requireNonNull(chain.vaultAddress()),
                value,
                permit.nonce(),
                BigInteger.valueOf(deadline.getEpochSecond()));
        var permitOffer = new LinkedHashMap<String, @Nullable Object>();
        permitOffer.put("typedData", permitTyped.json());
        permitOffer.put("value", value.toString());
        permitOffer.put("deadline", deadline.getEpochSecond());
        var termsOffer = new LinkedHashMap<String, @Nullable Object>();
        termsOffer.put("typedData", SignedTerms.subscribeTypedData(chain, terms).json());
        termsOffer.put("periods", SignedTerms.PERIODS);
        termsOffer.put("deadline", deadline.getEpochSecond());
        termsOffer.put("nonce", nonce);
        var answer = new LinkedHashMap<String, @Nullable Object>();
        answer.put("supported", true);
        answer.put("wallet", signer);
        answer.put("permit", permitOffer);
        answer.put("terms", termsOffer);
        return answer;
    }

    /** Why this subscription cannot be signed for here, or null when it can. */
    private @Nullable String refusal(OwnedResource owned) {
        var mode = owned.mode();
        if (chains.isSandbox(mode)) {
            return Signing.SANDBOX;
        }
        if (!chains.hasChain(mode) || chains.of(mode).vaultAddress() == null) {
            return Signing.NO_VAULT;
        }
        return CheckoutSession.awaitsMandate(owned.body()) ? null : Signing.NOT_PENDING;
    }

    private Mono<TokenReading> token(OwnedResource owned, String owner) {
        return reads.token(owned.mode(), owner).defaultIfEmpty(new TokenReading.Unsupported(Signing.CHAIN_UNAVAILABLE));
    }

    private Mono<OwnedResource> owned(String id) {
        return subscriptions.findForCheckout(id).switchIfEmpty(ApiException.notFoundError("subscription", id));
    }

    private static String randomNonce() {
        var bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return "0x" + HexFormat.of().formatHex(bytes);
    }

    private Mono<Instant> signingNow(OwnedResource owned) {
        return SignedTerms.now(reads, clock, owned.merchantId(), owned.mode());
    }
}
