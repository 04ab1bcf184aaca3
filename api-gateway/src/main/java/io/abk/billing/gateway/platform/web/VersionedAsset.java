package io.abk.billing.gateway.platform.web;

import io.abk.billing.opskit.digest.Sha256;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.HexFormat;
import org.jspecify.annotations.Nullable;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * A page's script or style, read once from the class path, with its version (the first 16 hex digits of its SHA-256).
 * Pages ask for {@link #src()} ({@code path?v=version}), so a browser may keep a version for a year and a deployment
 * that changes the file changes the address; asked for without the current version (an old page after a deployment),
 * it is the current file and must be checked again each time.
 */
public final class VersionedAsset {

    /** A year: the longest lifetime caches honour, and a new version has a new address anyway. */
    public static final Duration VERSIONED_MAX_AGE = Duration.ofDays(365);

    public static final MediaType JAVASCRIPT = MediaType.parseMediaType("text/javascript;charset=UTF-8");

    private final String path;
    private final byte[] bytes;
    private final String version;
    private final MediaType type;

    /**
     * @param resource where it is on the class path
     * @param path where pages ask for it
     */
    public VersionedAsset(String resource, String path, MediaType type) {
        this.path = path;
        this.type = type;
        try (var in = new ClassPathResource(resource).getInputStream()) {
            this.bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource + " from the class path", e);
        }
        this.version = HexFormat.of().formatHex(Sha256.of(bytes)).substring(0, 16);
    }

    public String version() {
        return version;
    }

    public byte[] bytes() {
        return bytes.clone();
    }

    /** The address pages load it from. */
    public String src() {
        return path + "?v=" + version;
    }

    /** The answer to a request for it that asked for {@code askedVersion}. */
    public ResponseEntity<byte[]> answer(@Nullable String askedVersion) {
        var cache = version.equals(askedVersion)
                ? CacheControl.maxAge(VERSIONED_MAX_AGE).cachePublic().immutable()
                : CacheControl.noCache();
        return ResponseEntity.ok()
                .contentType(type)
                .cacheControl(cache)
                .eTag("\"" + version + "\"")
                .header("X-Content-Type-Options", "nosniff")
                .body(bytes);
    }
}
