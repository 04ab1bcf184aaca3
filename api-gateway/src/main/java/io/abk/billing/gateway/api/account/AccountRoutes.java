package io.abk.billing.gateway.api.account;

import io.abk.billing.gateway.controlplane.merchant.Merchant;
import io.abk.billing.gateway.controlplane.merchant.MerchantJson;
import io.abk.billing.gateway.controlplane.merchant.MerchantLogo;
import io.abk.billing.gateway.controlplane.merchant.MerchantPatch;
import io.abk.billing.gateway.controlplane.merchant.MerchantService;
import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.schemas.ids.IdPrefix;
import io.abk.billing.schemas.ids.InvoiceNumbers;
import java.time.Clock;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * {@code /v1/account}: the caller's merchant as the operator API shows it, and the change of its display name, default
 * payout address, checkout branding, invoice prefix (sent on to the invoice numbering, {@link InvoicePrefixPublisher})
 * and whether its team must sign in with a second factor (the owner's, through the
 * dashboard only), validated and audited as the operator's change is ({@link MerchantService#update}) with the caller
 * (the key or the team member) as the actor; {@code /v1/account/logo}: the checkout's logo, sent as the body ({@link
 * MerchantLogo}), and its removal. The merchant is always the caller's: no id is read from the request.
 */
@RestController
public class AccountRoutes {

    private final MerchantService merchants;
    private final InvoicePrefixPublisher invoicePrefixes;
    private final Clock clock;

    public AccountRoutes(MerchantService merchants, InvoicePrefixPublisher invoicePrefixes, Clock clock) {
        this.merchants = merchants;
        this.invoicePrefixes = invoicePrefixes;
        this.clock = clock;
    }

    @GetMapping("/v1/account")
    public Mono<Map<String, Object>> get(Caller caller) {
        return merchants.get(caller.merchantId()).map(AccountRoutes::wrap);
    }

    @PatchMapping("/v1/account")
    public Mono<Map<String, Object>> update(Caller caller, @RequestBody(required = false) @Nullable JsonNode body) {
        var patch = MerchantPatch.ofSettings(RequestFields.of(body));
        if (patch.requireTotp().given() && !caller.actorId().startsWith(IdPrefix.USER.withSeparator())) {
            // Who must sign in with a second factor is the team's owner's choice, in the dashboard.
            return Mono.error(new ApiException(
                    403, ErrorCodes.PERMISSION_DENIED, "requireTotp is changed by the team's owner in the dashboard"));
        }
        return merchants
                .update(caller.actorId(), caller.merchantId(), patch)
                .flatMap(updated -> publishPrefix(patch, updated).thenReturn(updated))
                .map(AccountRoutes::wrap);
    }

    /**
     * A given {@code invoicePrefix} goes to the invoice numbering of both modes once stored (cleared: the default
     * prefix). Sent again with every PATCH that names it, so a PATCH answered 503 here is simply sent again.
     */
    private Mono<Void> publishPrefix(MerchantPatch patch, Merchant updated) {
        if (!patch.invoicePrefix().given()) {
            return Mono.empty();
        }
        var prefix = updated.invoicePrefix();
        return invoicePrefixes.publish(
                updated.id(), prefix != null ? prefix : InvoiceNumbers.defaultPrefix(updated.id()), clock.instant());
    }

    /**
     * The body is the image itself, checked before it is stored: type (another is 415 before this runs), size, and the
     * format's signature.
     */
    @PutMapping(
            path = "/v1/account/logo",
            consumes = {MediaType.IMAGE_PNG_VALUE, MediaType.IMAGE_JPEG_VALUE})
    public Mono<Map<String, Object>> putLogo(Caller caller, ServerHttpRequest request) {
        return Mono.defer(() -> {
                    // The type is refused before the body is read; the size as it arrives, never holding more.
                    var type = MerchantLogo.type(request.getHeaders().getFirst(HttpHeaders.CONTENT_TYPE));
                    return DataBufferUtils.join(request.getBody(), MerchantLogo.MAX_BYTES)
                            .map(buffer -> {
                                var bytes = new byte[buffer.readableByteCount()];
                                buffer.read(bytes);
                                DataBufferUtils.release(buffer);
                                return bytes;
                            })
                            .onErrorMap(DataBufferLimitException.class, tooLarge -> MerchantLogo.tooLarge())
                            .defaultIfEmpty(new byte[0])
                            .map(bytes -> MerchantLogo.of(type, bytes));
                })
                .flatMap(logo -> merchants.putLogo(caller.actorId(), caller.merchantId(), logo))
                .map(AccountRoutes::wrap);
    }

    @DeleteMapping("/v1/account/logo")
    public Mono<Map<String, Object>> deleteLogo(Caller caller) {
        return merchants.deleteLogo(caller.actorId(), caller.merchantId()).map(AccountRoutes::wrap);
    }

    private static Map<String, Object> wrap(Merchant merchant) {
        return Map.of("account", MerchantJson.merchant(merchant));
    }
}
