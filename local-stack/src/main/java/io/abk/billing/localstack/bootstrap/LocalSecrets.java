package io.abk.billing.localstack.bootstrap;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The admin token, the demo merchant's test and live keys, its owner's dashboard password, and the keyring that seals
 * webhook signing secrets
 * ({@code BILLING_SECRETS_KEYS}, {@code BILLING_SECRETS_ACTIVE_KEY}). A value given in the environment always wins;
 * a missing one is generated on first start and kept in {@code <data>/local-stack.properties} (owner-only), so
 * every restart prints, and the services accept, the same ones: the sealing key lives and dies with the data
 * directory whose secrets it sealed.
 */
public record LocalSecrets(
        String adminToken,
        String demoTestKey,
        String demoLiveKey,
        String demoOwnerPassword,
        String sealingKeys,
        String sealingActiveKey) {

    public static final String FILE_NAME = "local-stack.properties";
    static final String ADMIN_TOKEN = "admin-token";
    static final String DEMO_TEST_KEY = "demo-test-key";
    static final String DEMO_LIVE_KEY = "demo-live-key";
    static final String DEMO_OWNER_PASSWORD = "demo-owner-password";
    static final String SEALING_KEYS = "secrets-keys";
    /** The id of the sealing key the stack generates. */
    static final String LOCAL_KEY_ID = "local";

    private static final Logger log = LoggerFactory.getLogger(LocalSecrets.class);
    private static final Pattern KEY_BODY = Pattern.compile("[A-Za-z0-9]{32,}");

    public LocalSecrets {
        if (adminToken.length() < 16) {
            throw new IllegalArgumentException("BILLING_ADMIN_TOKEN must be at least 16 characters");
        }
        checkKey("BILLING_DEMO_TEST_KEY", RandomSecrets.TEST_KEY_PREFIX, demoTestKey);
        checkKey("BILLING_DEMO_LIVE_KEY", RandomSecrets.LIVE_KEY_PREFIX, demoLiveKey);
    }

    /**
     * The secrets to run with: each given value as is, else the one kept in {@code dataDir}, else a new one
     * (then written to {@code dataDir} for the next start).
     */
    public static LocalSecrets resolve(
            Path dataDir, @Nullable String adminToken, @Nullable String demoTestKey, @Nullable String demoLiveKey) {
        return resolve(dataDir, adminToken, demoTestKey, demoLiveKey, null, null);
    }

    /**
     * As {@link #resolve(Path, String, String, String)}, with the sealing keyring: the given one (and its active id, which
     * may be empty) as is, else the one kept in {@code dataDir}, else a new key {@value #LOCAL_KEY_ID}.
     */
    public static LocalSecrets resolve(
            Path dataDir,
            @Nullable String adminToken,
            @Nullable String demoTestKey,
            @Nullable String demoLiveKey,
            @Nullable String sealingKeys,
            @Nullable String sealingActiveKey) {
        return resolve(dataDir, adminToken, demoTestKey, demoLiveKey, null, sealingKeys, sealingActiveKey);
    }

    /** As above, with the demo owner's dashboard password ({@code BILLING_DEMO_OWNER_PASSWORD}) given or kept. */
    public static LocalSecrets resolve(
            Path dataDir,
            @Nullable String adminToken,
            @Nullable String demoTestKey,
            @Nullable String demoLiveKey,
            @Nullable String demoOwnerPassword,
            @Nullable String sealingKeys,
            @Nullable String sealingActiveKey) {
        var file = dataDir.resolve(FILE_NAME);
        var stored = read(file);
        var storedBefore = Map.copyOf(stored);
        var keys = sealingKeys == null || sealingKeys.isBlank() ? null : sealingKeys.strip();
        var secrets = new LocalSecrets(
                pick(adminToken, stored, ADMIN_TOKEN, RandomSecrets::adminToken),
                pick(demoTestKey, stored, DEMO_TEST_KEY, RandomSecrets::testKey),
                pick(demoLiveKey, stored, DEMO_LIVE_KEY, RandomSecrets::liveKey),
                pick(demoOwnerPassword, stored, DEMO_OWNER_PASSWORD, RandomSecrets::ownerPassword),
                pick(keys, stored, SEALING_KEYS, () -> LOCAL_KEY_ID + ":" + RandomSecrets.sealingKey()),
                keys == null ? "" : sealingActiveKey == null ? "" : sealingActiveKey.strip());
        if (!stored.equals(storedBefore)) {
            write(file, stored);
            log.info("local secrets generated file={}", file);
        }
        return secrets;
    }

    /** The given value, else the stored one, else a new one (added to {@code stored}). */
    private static String pick(@Nullable String given, Properties stored, String key, Supplier<String> generate) {
        if (given != null) {
            return given;
        }
        var kept = stored.getProperty(key);
        if (kept != null && !kept.isBlank()) {
            return kept.strip();
        }
        var fresh = generate.get();
        stored.setProperty(key, fresh);
        return fresh;
    }

    private static void checkKey(String name, String prefix, String key) {
        if (!key.startsWith(prefix)
                || !KEY_BODY.matcher(key.substring(prefix.length())).matches()) {
            throw new IllegalArgumentException(
                    name + " must be " + prefix + " followed by at least 32 letters or digits");
        }
    }

    private static Properties read(Path file) {
        var properties = new Properties();
        if (Files.exists(file)) {
            try {
                properties.load(new StringReader(Files.readString(file)));
            } catch (IOException e) {
                throw new UncheckedIOException("could not read " + file + ": " + e.getMessage(), e);
            }
        }
        return properties;
    }

    private static void write(Path file, Properties properties) {
        try {
            Files.createDirectories(file.getParent());
            var text = new StringWriter();
            properties.store(text, "Secrets of the local stack, generated once. Environment variables override them.");
            var temp = Files.createTempFile(file.getParent(), FILE_NAME, ".tmp");
            try {
                Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException e) {
                log.debug("no POSIX permissions on this file system; {} keeps default permissions", file);
            }
            Files.writeString(temp, text.toString());
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Never prints the secrets themselves. */
    @Override
    public String toString() {
        return "LocalSecrets[adminToken=***, demoTestKey=" + RandomSecrets.TEST_KEY_PREFIX + "***, demoLiveKey="
                + RandomSecrets.LIVE_KEY_PREFIX + "***, demoOwnerPassword=***, sealingKeys=***, sealingActiveKey="
                + sealingActiveKey + "]";
    }
}
