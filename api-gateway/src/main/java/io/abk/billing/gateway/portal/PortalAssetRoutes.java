package io.abk.billing.gateway.portal;

import org.jspecify.annotations.Nullable;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /portal/assets/portal.js}: the portal's script ({@link PortalPages#SCRIPT}), public like the sign-in page;
 * kept a year when asked for with its current version.
 */
@RestController
public class PortalAssetRoutes {

    @GetMapping(PortalPages.SCRIPT_PATH)
    public ResponseEntity<byte[]> script(@RequestParam(name = "v", required = false) @Nullable String version) {
        return PortalPages.SCRIPT.answer(version);
    }
}
