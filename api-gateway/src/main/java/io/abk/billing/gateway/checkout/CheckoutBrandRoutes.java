package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.controlplane.merchant.MerchantBrand;
import io.abk.billing.gateway.controlplane.merchant.MerchantLogo;
import io.abk.billing.gateway.controlplane.merchant.MerchantService;
import io.abk.billing.gateway.platform.web.IdLookup;
import io.abk.billing.gateway.platform.web.VersionedAsset;
import io.abk.billing.schemas.ids.IdPrefix;
import org.jspecify.annotations.Nullable;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code GET /checkout/brand/{merchantId}/logo}: a merchant's checkout logo, public like the pages that show it (a
 * merchant's id and its logo are what its customers see anyway). The pages ask for it with its version ({@code ?v=},
 * the first hex digits of its SHA-256, {@link MerchantBrand#logoPath}), which a new logo changes: that answer may be
 * kept for a year. Asked for otherwise, it is the current logo, checked again each time. Never sniffed: only a PNG or
 * a JPEG whose bytes are one was stored ({@link MerchantLogo}), and it is served as what it is.
 */
@RestController
public class CheckoutBrandRoutes {

    private final MerchantService merchants;

    public CheckoutBrandRoutes(MerchantService merchants) {
        this.merchants = merchants;
    }

    @GetMapping("/checkout/brand/{merchantId}/logo")
    public Mono<ResponseEntity<byte[]>> logo(
            @PathVariable String merchantId, @RequestParam(name = "v", required = false) @Nullable String version) {
        // A malformed id is unknown without a query (a NUL byte in it would be refused by PostgreSQL as an error).
        return IdLookup.find(IdPrefix.MERCHANT, "logo", merchantId, merchants::logo)
                .map(logo -> {
                    var current = MerchantBrand.logoVersion(logo.sha256());
                    var cache = current.equals(version)
                            ? CacheControl.maxAge(VersionedAsset.VERSIONED_MAX_AGE)
                                    .cachePublic()
                                    .immutable()
                            : CacheControl.noCache();
                    return ResponseEntity.ok()
                            .contentType(MediaType.parseMediaType(logo.contentType()))
                            .cacheControl(cache)
                            .eTag("\"" + current + "\"")
                            .header("X-Content-Type-Options", "nosniff")
                            .header("Content-Security-Policy", "default-src 'none'")
                            .body(logo.bytes());
                });
    }
}
