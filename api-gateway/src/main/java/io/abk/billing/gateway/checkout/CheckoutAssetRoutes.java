package io.abk.billing.gateway.checkout;

import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /checkout/assets/checkout.js}: the checkout pages' script ({@link CheckoutScript}), and
 * {@code qrcode.js}, the QR code library the pay page loads, public like the pages.
 * Asked for with the current version ({@code ?v=}), it may be kept for a year and never asked for again
 * ({@code immutable}); asked for otherwise (an old page after a deployment, or no version), it is the current script
 * and must be checked again each time, so a stale copy never outlives the page that wanted it.
 */
@RestController
@RequestMapping("/checkout/assets")
public class CheckoutAssetRoutes {

    @GetMapping("/checkout.js")
    public ResponseEntity<byte[]> script(@RequestParam(name = "v", required = false) @Nullable String version) {
        return CheckoutScript.ASSET.answer(version);
    }

    @GetMapping("/qrcode.js")
    public ResponseEntity<byte[]> qrCode(@RequestParam(name = "v", required = false) @Nullable String version) {
        return CheckoutScript.QR_CODE.answer(version);
    }
}
