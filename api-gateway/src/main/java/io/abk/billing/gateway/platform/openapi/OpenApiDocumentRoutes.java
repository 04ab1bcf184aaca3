package io.abk.billing.gateway.platform.openapi;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code GET /openapi.json}: the OpenAPI document, byte for byte as written. Public like {@code /checkout}: the
 * key filter guards {@code /v1} and the token filter {@code /admin/v1} only, and a GET outside {@code /v1} has no
 * rate limit, while the request id and {@code Service-Version} filters apply to it as to every route.
 */
@RestController
public class OpenApiDocumentRoutes {

    /** Where the document lives on the class path; the local stack's conformance test reads it there too. */
    public static final String RESOURCE = "openapi/openapi.json";

    private final byte[] document;

    public OpenApiDocumentRoutes(JsonMapper json) {
        this.document = load(json);
    }

    @GetMapping("/openapi.json")
    public ResponseEntity<byte[]> document() {
        // no-cache, not no-store: a client may keep it, but asks again after a deployment that may have changed it.
        return ResponseEntity.ok()
                .contentType(MediaType.APPLICATION_JSON)
                .cacheControl(CacheControl.noCache())
                .body(document);
    }

    /** Reads the document once at start; one that is not JSON stops the start rather than being served broken. */
    private static byte[] load(JsonMapper json) {
        byte[] bytes;
        try (var in = new ClassPathResource(RESOURCE).getInputStream()) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the API description " + RESOURCE + " from the class path", e);
        }
        if (!json.readTree(bytes).isObject()) {
            throw new IllegalStateException("the API description " + RESOURCE + " is not a JSON object");
        }
        return bytes;
    }
}
