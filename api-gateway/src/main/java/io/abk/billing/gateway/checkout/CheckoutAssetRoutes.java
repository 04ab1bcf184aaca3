package io.abk.billing.gateway.checkout;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /checkout/assets/checkout.js}: the checkout pages' script ({@link CheckoutScript}), public like the pages.
 * Asked for with the current version ({@code ?v=}), it may be kept for a year and never asked for again
 * ({@code immutable}); asked for otherwise (an old page after a deployment, or no version), it is the current script
 * and must be checked again each time, so a stale copy never outlives the page that wanted it.
 */
@RestController
@RequestMapping("/checkout/assets")
public class CheckoutAssetRoutes {

    /** A year: the longest lifetime caches honour, and a new version has a new address anyway. */
    static final Duration VERSIONED_MAX_AGE = Duration.ofDays(365);

    static final MediaType JAVASCRIPT = MediaType.parseMediaType("text/javascript;charset=UTF-8");

    @GetMapping("/checkout.js")
    public ResponseEntity<byte[]> script(@RequestParam(name = "v", required = false) @Nullable String version) {
        var cache = CheckoutScript.VERSION.equals(version)
                ? CacheControl.maxAge(VERSIONED_MAX_AGE).cachePublic().immutable()
                : CacheControl.noCache();
        return ResponseEntity.ok()
                .contentType(JAVASCRIPT)
                .cacheControl(cache)
                .eTag("\"" + CheckoutScript.VERSION + "\"")
                .header("X-Content-Type-Options", "nosniff")
                .body(CheckoutScript.BYTES);
    }
}
