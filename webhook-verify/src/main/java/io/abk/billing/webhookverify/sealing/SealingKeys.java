package io.abk.billing.webhookverify.sealing;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;
import org.jspecify.annotations.Nullable;

/**
 * The keyring that seals webhook signing secrets: every listed key opens, the active one seals. Configured as
 * {@value #KEYS_VARIABLE} ({@code keyId:base64key}, comma-separated, each key 32 bytes) and {@value #ACTIVE_VARIABLE}
 * (the id new seals use; may be left empty when the ring holds one key). A rotation adds a key, makes it active, lets
 * the gateway re-seal every row at its start, then removes the old key (docs/operations.md, "Webhook secrets at rest").
 *
 * <p>Without keys, outside the production profile, the {@linkplain #developmentKeyring() development keyring} applies: its
 * key is written in this file, so it protects nothing and the services warn at start. Under the production profile
 * no keys, or the development key among them, refuse the start.
 */
public final class SealingKeys {

    public static final String KEYS_VARIABLE = "BILLING_SECRETS_KEYS";
    public static final String ACTIVE_VARIABLE = "BILLING_SECRETS_ACTIVE_KEY";
    /** The id of the development key. */
    public static final String DEVELOPMENT_KEY_ID = "dev";
    /** AES-256: the key is as long as the HMAC keys it protects. */
    static final int KEY_BYTES = 32;
    /** A key id is written into every sealed value, between colons: letters, digits, {@code _} and {@code -} only. */
    private static final Pattern KEY_ID = Pattern.compile("[A-Za-z0-9_-]{1,32}");
    /** Public by design (it is in this file): it keeps secrets out of plain sight locally and nothing more. */
    private static final String DEVELOPMENT_KEY = "ZGV2ZWxvcG1lbnQta2V5LW5vdC1mb3ItcHJvZHVjdGk=";

    private final Map<String, SecretKey> keys;
    private final String activeId;
    private final SecretKey activeKey;
    private final boolean development;

    private SealingKeys(Map<String, SecretKey> keys, String activeId, boolean development) {
        this.keys = Map.copyOf(keys);
        this.activeId = activeId;
        this.activeKey = Objects.requireNonNull(
                keys.get(activeId), () -> "the active key '" + activeId + "' is not in the keyring");
        this.development = development;
    }

    /**
     * The keyring of the settings; blank {@code keysText} means the development keyring outside production.
     *
     * @throws IllegalArgumentException naming the variable and what is wrong with it, never showing a key
     */
    public static SealingKeys of(String keysText, String activeText, boolean production) {
        var active = activeText.strip();
        if (keysText.isBlank()) {
            if (production) {
                throw new IllegalArgumentException(
                        KEYS_VARIABLE + " must be set under the production profile: it holds the"
                                + " keys that seal webhook signing secrets (keyId:base64key, e.g. k1:$(openssl rand -base64 32))");
            }
            if (!active.isEmpty() && !active.equals(DEVELOPMENT_KEY_ID)) {
                throw new IllegalArgumentException(
                        ACTIVE_VARIABLE + " is '" + active + "' but " + KEYS_VARIABLE + " is empty");
            }
            return developmentKeyring();
        }
        var keys = new LinkedHashMap<String, SecretKey>();
        var entries = keysText.split(",", -1);
        for (int i = 0; i < entries.length; i++) {
            var entry = entries[i].strip();
            var colon = entry.indexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException(KEYS_VARIABLE + " entry " + (i + 1) + " must be keyId:base64key");
            }
            var id = entry.substring(0, colon).strip();
            if (!KEY_ID.matcher(id).matches()) {
                throw new IllegalArgumentException(KEYS_VARIABLE + " entry " + (i + 1) + " has the key id '" + id
                        + "': an id is 1 to 32 letters, digits, _ or -");
            }
            byte[] key;
            try {
                key = Base64.getDecoder().decode(entry.substring(colon + 1).strip());
            } catch (IllegalArgumentException notBase64) {
                throw new IllegalArgumentException(KEYS_VARIABLE + " key '" + id + "' is not base64");
            }
            if (key.length != KEY_BYTES) {
                throw new IllegalArgumentException(KEYS_VARIABLE + " key '" + id + "' is " + key.length
                        + " bytes; it must be " + KEY_BYTES + " (openssl rand -base64 32 makes one)");
            }
            if (production && Arrays.equals(key, Base64.getDecoder().decode(DEVELOPMENT_KEY))) {
                throw new IllegalArgumentException(
                        KEYS_VARIABLE + " key '" + id + "' is the documented development key,"
                                + " which is refused under the production profile: everyone knows it");
            }
            if (keys.put(id, new SecretKeySpec(key, "AES")) != null) {
                throw new IllegalArgumentException(KEYS_VARIABLE + " lists the key id '" + id + "' twice");
            }
        }
        if (active.isEmpty()) {
            if (keys.size() > 1) {
                throw new IllegalArgumentException(ACTIVE_VARIABLE + " must name the key that seals, one of "
                        + keys.keySet() + " (" + KEYS_VARIABLE + " lists more than one)");
            }
            active = keys.keySet().iterator().next();
        }
        if (!keys.containsKey(active)) {
            throw new IllegalArgumentException(ACTIVE_VARIABLE + " is '" + active + "', which is not a key of "
                    + KEYS_VARIABLE + " " + keys.keySet());
        }
        return new SealingKeys(keys, active, false);
    }

    /** The development keyring: one key, {@value #DEVELOPMENT_KEY_ID}, written in this file. */
    public static SealingKeys developmentKeyring() {
        return new SealingKeys(
                Map.of(DEVELOPMENT_KEY_ID, new SecretKeySpec(Base64.getDecoder().decode(DEVELOPMENT_KEY), "AES")),
                DEVELOPMENT_KEY_ID,
                true);
    }

    /** True for the development keyring, which the services warn about at start. */
    public boolean isDevelopment() {
        return development;
    }

    public String activeId() {
        return activeId;
    }

    /** The ids of every key that opens, active first. */
    public List<String> ids() {
        var ids = new ArrayList<String>(keys.size());
        ids.add(activeId);
        keys.keySet().stream().filter(id -> !id.equals(activeId)).sorted().forEach(ids::add);
        return List.copyOf(ids);
    }

    SecretKey active() {
        return activeKey;
    }

    /** The key of that id, or null when the keyring does not list it. */
    @Nullable
    SecretKey key(String id) {
        return keys.get(id);
    }

    /** Names the keys, never shows them. */
    @Override
    public String toString() {
        return "SealingKeys[active=" + activeId + ", ids=" + ids() + (development ? ", development" : "") + "]";
    }
}
