package io.abk.billing.opskit.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * TLS to PostgreSQL, the same for the JDBC and the R2DBC connections of every service that has a database:
 * {@code BILLING_DB_SSLMODE} ({@code disable}, {@code allow}, {@code prefer}, {@code require}, {@code verify-ca},
 * {@code verify-full}; unset leaves each driver's default) and {@code BILLING_DB_SSLROOTCERT} (the certificate
 * authority that signed the server's certificate, for the {@code verify-*} modes). Both drivers take them as URL
 * parameters, which {@link #jdbcUrl} and {@link #r2dbcUrl} set (replacing any the URL had).
 *
 * @param sslMode the mode, or null to leave the URLs as they are
 * @param rootCert the CA certificate's path, or null for the driver's default
 */
public record PostgresTls(
        @Nullable String sslMode, @Nullable String rootCert) {

    public static final String SSLMODE = "BILLING_DB_SSLMODE";
    public static final String SSLROOTCERT = "BILLING_DB_SSLROOTCERT";
    /** Both drivers' names of the modes (libpq's). */
    static final List<String> MODES = List.of("disable", "allow", "prefer", "require", "verify-ca", "verify-full");

    public static final PostgresTls DRIVER_DEFAULTS = new PostgresTls(null, null);

    /** @throws IllegalArgumentException naming the variable that cannot be used */
    public static PostgresTls fromEnv(Env env) {
        var mode = env.text(SSLMODE, "").strip().toLowerCase(Locale.ROOT);
        var rootCert = env.text(SSLROOTCERT, "").strip();
        if (!mode.isEmpty() && !MODES.contains(mode)) {
            throw new IllegalArgumentException(SSLMODE + " must be one of " + MODES + ", was '" + mode + "'");
        }
        if (!rootCert.isEmpty()) {
            if (mode.isEmpty()) {
                throw new IllegalArgumentException(SSLROOTCERT + " is set without " + SSLMODE + ": set " + SSLMODE
                        + "=verify-full to check the server against it");
            }
            if (!Files.isReadable(Path.of(rootCert))) {
                throw new IllegalArgumentException(SSLROOTCERT + " names " + rootCert + ", which cannot be read");
            }
        }
        return new PostgresTls(mode.isEmpty() ? null : mode, rootCert.isEmpty() ? null : rootCert);
    }

    /** {@code url} (jdbc:postgresql://...) with {@code sslmode} and {@code sslrootcert}. */
    public String jdbcUrl(String url) {
        return withParameters(url, "sslmode", "sslrootcert");
    }

    /** {@code url} (r2dbc:postgresql://...) with {@code sslmode} and {@code sslRootCert}, r2dbc-postgresql's names. */
    public String r2dbcUrl(String url) {
        return withParameters(url, "sslmode", "sslRootCert");
    }

    /**
     * The same as R2DBC connection options (what {@link #r2dbcUrl} puts in a URL), for a connection factory configured
     * from parts; empty when no mode is set.
     */
    public Map<String, String> r2dbcOptions() {
        var options = new LinkedHashMap<String, String>();
        if (sslMode != null) {
            options.put("sslmode", sslMode);
            if (rootCert != null) {
                options.put("sslRootCert", rootCert);
            }
        }
        return options;
    }

    private String withParameters(String url, String modeName, String rootCertName) {
        if (sslMode == null) {
            return url;
        }
        int question = url.indexOf('?');
        var base = question < 0 ? url : url.substring(0, question);
        var parameters = new LinkedHashMap<String, String>();
        if (question >= 0) {
            for (var pair : url.substring(question + 1).split("&")) {
                if (pair.isEmpty()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                parameters.put(eq < 0 ? pair : pair.substring(0, eq), eq < 0 ? "" : pair.substring(eq + 1));
            }
        }
        parameters.keySet().removeIf(name -> name.equalsIgnoreCase(modeName) || name.equalsIgnoreCase(rootCertName));
        parameters.put(modeName, sslMode);
        if (rootCert != null) {
            parameters.put(rootCertName, rootCert);
        }
        return base + "?" + join(parameters);
    }

    private static String join(Map<String, String> parameters) {
        var out = new StringBuilder();
        parameters.forEach((name, value) -> {
            if (!out.isEmpty()) {
                out.append('&');
            }
            out.append(name);
            if (!value.isEmpty()) {
                out.append('=').append(value);
            }
        });
        return out.toString();
    }
}
