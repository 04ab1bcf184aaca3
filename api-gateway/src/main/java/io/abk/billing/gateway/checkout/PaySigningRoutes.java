package io.abk.billing.gateway.checkout;

import io.abk.billing.contracts.AuthorizationNonce;
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
import io.abk.billing.gateway.readmodel.PaymentReadModel;
import io.abk.billing.gateway.readmodel.ResourceJson;
import io.abk.billing.schemas.avro.SubmitTransferAuthorization;
import java.math.BigInteger;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
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
 * {@code /checkout/pay/{id}/signing} and {@code /authorization}: a one-time payment's signature path (a link's payment
 * too), public like the page. The first gives the token's EIP-3009 {@code TransferWithAuthorization} to sign: the
 * exact amount to the payout address, {@code nonce = keccak256(paymentId)} so that the transfer names the payment, in
 * the domain read from the token. The second checks the signature against that transfer rebuilt here ({@link
 * SignatureChecks}) and sends {@code SubmitTransferAuthorization}; the relayer submits it and pays the gas, and the
 * payment is paid when the chain follower sees the token's {@code AuthorizationUsed}.
 */
@RestController
@RequestMapping("/checkout/pay")
public class PaySigningRoutes {

    /** Valid from the start: the relayer may submit at once. */
    private static final BigInteger VALID_AFTER = BigInteger.ZERO;

    private final PaymentReadModel payments;
    private final MerchantLookup merchants;
    private final Commands commands;
    private final LatestResources latest;
    private final ChainsProperties chains;
    private final ChainReads reads;
    private final EffectiveClock clock;

    public PaySigningRoutes(
            PaymentReadModel payments,
            MerchantLookup merchants,
            Commands commands,
            LatestResources latest,
            ChainsProperties chains,
            ChainReads reads,
            EffectiveClock clock) {
        this.payments = payments;
        this.merchants = merchants;
        this.commands = commands;
        this.latest = latest;
        this.chains = chains;
        this.reads = reads;
        this.clock = clock;
    }

    /** {@code ?wallet=0x..}: {@code {supported, authorization: {typedData, validAfter, validBefore, nonce}}}. */
    @GetMapping("/{id}/signing")
    public Mono<Map<String, @Nullable Object>> signing(
            @PathVariable String id, @RequestParam(name = "wallet", required = false) @Nullable String wallet) {
        // The resource first: an id of another kind is 404 whatever the query says.
        return owned(id).flatMap(owned -> {
            var signer = SignatureChecks.address(wallet, "wallet");
            var refusal = refusal(owned);
            if (refusal != null) {
                return Mono.just(Signing.unsupported(refusal));
            }
            SignatureChecks.sameWallet(signer, ResourceJson.text(owned.body(), "customerWallet"));
            return signingNow(owned)
                    .flatMap(now -> token(owned).map(reading -> switch (reading) {
                        case TokenReading.Unsupported unsupported -> Signing.unsupported(unsupported.reason());
                        case TokenReading.Permit permit -> offer(owned, signer, permit, now);
                    }));
        });
    }

    /**
     * {@code {from, validAfter, validBefore, signature}}: 202 {@code {payment}} (the pay session) once the signed
     * transfer is accepted; 400 with nothing sent when anything does not hold.
     */
    @PostMapping("/{id}/authorization")
    public Mono<ResponseEntity<Map<String, @Nullable Object>>> authorization(
            @PathVariable String id,
            @RequestBody(required = false) @Nullable JsonNode body,
            ServerWebExchange exchange) {
        return owned(id).flatMap(owned -> {
            var caller = CheckoutSupport.caller(owned);
            return commands.run(
                            Aggregate.PAYMENT,
                            caller,
                            exchange,
                            Wait.OUTCOME,
                            identity -> verified(owned, body).map(payload -> new Target(id, payload)))
                    .map(Settled::requireAccepted)
                    .flatMap(settled -> latest.payment(caller, id, settled.newestFirst()))
                    .flatMap(payment -> CheckoutSupport.displayName(merchants, owned)
                            .map(name -> {
                                var answer = new LinkedHashMap<String, @Nullable Object>();
                                answer.put("payment", PayStatus.of(payment, owned.mode(), name.orElse(null), chains));
                                return ResponseEntity.status(HttpStatus.ACCEPTED)
                                        .body((Map<String, @Nullable Object>) answer);
                            }));
        });
    }

    private Mono<SubmitTransferAuthorization> verified(OwnedResource owned, @Nullable JsonNode raw) {
        return signingNow(owned).flatMap(now -> verifiedAt(owned, raw, now));
    }

    private Mono<SubmitTransferAuthorization> verifiedAt(OwnedResource owned, @Nullable JsonNode raw, Instant now) {
        var body = SignatureChecks.object(raw);
        var from = SignatureChecks.address(body, "from");
        var validAfter = SignatureChecks.uint(body, "validAfter");
        var validBefore = SignatureChecks.seconds(body, "validBefore");
        var signature = SignatureChecks.signature(body, "signature");
        var refusal = refusal(owned);
        if (refusal != null) {
            throw SignatureChecks.unsupported(refusal);
        }
        SignatureChecks.sameWallet(from, ResourceJson.text(owned.body(), "customerWallet"));
        if (validAfter.compareTo(BigInteger.valueOf(now.getEpochSecond())) > 0) {
            throw ApiException.badRequest(
                    SignatureChecks.TERMS_MISMATCH,
                    "The transfer is valid only after " + validAfter + ": checkout asks for one valid at once.");
        }
        SignatureChecks.deadline(validBefore, now, "signed transfer");
        return token(owned).map(reading -> {
            if (!(reading instanceof TokenReading.Permit permit)) {
                throw SignatureChecks.unsupported(((TokenReading.Unsupported) reading).reason());
            }
            var typed = SignedTerms.transfer(
                    owned.body(), chains.of(owned.mode()), permit.domain(), from, validAfter, validBefore);
            SignatureChecks.signedBy(typed, signature, from, "transfer");
            return SubmitTransferAuthorization.newBuilder()
                    .setFromAddress(from)
                    .setValidAfterSeconds(validAfter.longValueExact())
                    .setValidBeforeSeconds(validBefore.getEpochSecond())
                    .setNonce(AuthorizationNonce.of(String.valueOf(ResourceJson.text(owned.body(), "id"))))
                    .setSignature(signature)
                    .build();
        });
    }

    private Map<String, @Nullable Object> offer(
            OwnedResource owned, String signer, TokenReading.Permit permit, Instant now) {
        var validBefore = SignedTerms.deadline(now);
        var typed = SignedTerms.transfer(
                owned.body(), chains.of(owned.mode()), permit.domain(), signer, VALID_AFTER, validBefore);
        var authorization = new LinkedHashMap<String, @Nullable Object>();
        authorization.put("typedData", typed.json());
        authorization.put("validAfter", VALID_AFTER.longValueExact());
        authorization.put("validBefore", validBefore.getEpochSecond());
        authorization.put("nonce", AuthorizationNonce.of(String.valueOf(ResourceJson.text(owned.body(), "id"))));
        var answer = new LinkedHashMap<String, @Nullable Object>();
        answer.put("supported", true);
        answer.put("wallet", signer);
        answer.put("authorization", authorization);
        return answer;
    }

    /** Why this payment cannot be paid by signature here, or null when it can. */
    private @Nullable String refusal(OwnedResource owned) {
        var mode = owned.mode();
        if (chains.isSandbox(mode)) {
            return Signing.SANDBOX;
        }
        if (!chains.hasChain(mode)) {
            return Signing.NO_VAULT;
        }
        return PayStatus.payable(owned.body()) ? null : Signing.NOT_PAYABLE;
    }

    /** The token's domain; the permit nonce read with it is not used by EIP-3009 (its nonce is the payment's). */
    private Mono<TokenReading> token(OwnedResource owned) {
        var chain = chains.of(owned.mode());
        return reads.token(owned.mode(), chain.usdcAddress())
                .defaultIfEmpty(new TokenReading.Unsupported(Signing.CHAIN_UNAVAILABLE));
    }

    private Mono<OwnedResource> owned(String id) {
        return payments.findForCheckout(id).switchIfEmpty(ApiException.notFoundError("payment", id));
    }

    private Mono<Instant> signingNow(OwnedResource owned) {
        return SignedTerms.now(reads, clock, owned.merchantId(), owned.mode());
    }
}
