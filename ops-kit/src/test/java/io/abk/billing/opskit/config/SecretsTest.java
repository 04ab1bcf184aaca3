package io.abk.billing.opskit.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Secrets read from a variable or a file, and what the production profile refuses of them. */
class SecretsTest {

    private static final String STRONG = "q8Vx2mT9rLw4Zp7Kc1Nf6Hs3Jd5Gb0Ya";
    private static final Secret TOKEN = Secret.required("APP_TOKEN");

    private static Env production(Map<String, String> variables) {
        var env = new HashMap<>(variables);
        env.put(Env.PROFILES_VARIABLE, "default, production");
        return new Env(env);
    }

    @Test
    void shouldReadASecretFromTheFileItsFileVariableNames(@TempDir Path dir) throws Exception {
        var file = Files.writeString(dir.resolve("token"), STRONG + "\n");

        var value = production(Map.of("APP_TOKEN_FILE", file.toString())).secret(TOKEN);

        assertThat(value).isEqualTo(STRONG);
    }

    @Test
    void shouldNameTheFileVariableWhenTheFileCannotBeReadOrBothAreSet(@TempDir Path dir) {
        assertThatThrownBy(() ->
                        new Env(Map.of("APP_TOKEN_FILE", dir.resolve("absent").toString())).secret(TOKEN))
                .hasMessageStartingWith("APP_TOKEN_FILE: cannot read");
        assertThatThrownBy(() ->
                        new Env(Map.of("APP_TOKEN", STRONG, "APP_TOKEN_FILE", "/run/secrets/token")).secret(TOKEN))
                .hasMessage("APP_TOKEN and APP_TOKEN_FILE cannot both be set");
    }

    @Test
    void shouldTakeAnythingOutsideTheProductionProfile() {
        var env = new Env(Map.of("APP_TOKEN", "short"));

        assertThat(env.production()).isFalse();
        assertThat(env.secret(TOKEN)).isEqualTo("short");
        assertThat(new Env(Map.of()).secret(TOKEN)).isEmpty();
    }

    @Test
    void shouldRefuseAMissingEmptyOrShortSecretUnderProductionNamingTheVariable() {
        assertThatThrownBy(() -> production(Map.of()).secret(TOKEN))
                .hasMessage("APP_TOKEN must be set under the production profile (or APP_TOKEN_FILE, a file that holds"
                        + " it)");
        assertThatThrownBy(() -> production(Map.of("APP_TOKEN", "  ")).secret(TOKEN))
                .hasMessageStartingWith("APP_TOKEN must be set");
        var shortValue = STRONG.substring(0, 31);
        assertThatThrownBy(() -> production(Map.of("APP_TOKEN", shortValue)).secret(TOKEN))
                .hasMessage("APP_TOKEN must be at least 32 characters under the production profile, was 31")
                .hasMessageNotContaining(shortValue);
        assertThat(production(Map.of("APP_TOKEN", STRONG)).secret(TOKEN)).isEqualTo(STRONG);
        assertThat(production(Map.of()).secret(Secret.optional("APP_TOKEN"))).isEmpty();
    }

    @Test
    void shouldRefuseAPlaceholderThatWasShippedEvenWhenItIsLongEnough() {
        // The admin token .env.example shipped before the secrets moved to files: 38 characters, so only the list of
        // shipped values stops a deployment that kept it.
        var placeholder = "change-me-admin-token-of-32-characters";

        assertThatThrownBy(() -> production(Map.of("APP_TOKEN", placeholder)).secret(TOKEN))
                .hasMessageStartingWith("APP_TOKEN is a value shipped in .env.example, known to everyone")
                .hasMessageNotContaining(placeholder);
    }

    @Test
    void shouldCheckEveryKeyOfAListAndEveryKeyOfAKeyring() {
        var keys = Secret.required("APP_KEYS").list();
        var keyring = Secret.required("APP_KEYRING").keyring();

        assertThatThrownBy(() ->
                        production(Map.of("APP_KEYS", STRONG + ", too-short")).secret(keys))
                .hasMessage("APP_KEYS (key 2) must be at least 32 characters under the production profile, was 9");
        // The shipped keyring's key under an id of the operator's own is still the shipped key.
        assertThatThrownBy(() -> production(Map.of(
                                "APP_KEYRING", "k1:" + STRONG + ",k2:Y2hhbmdlLW1lLWNoYW5nZS1tZS1jaGFuZ2UtbWUtMzI="))
                        .secret(keyring))
                .hasMessageStartingWith("APP_KEYRING (the key of entry 2) is a value shipped in .env.example");
        assertThat(production(Map.of("APP_KEYRING", "k1:" + STRONG)).secret(keyring))
                .isEqualTo("k1:" + STRONG);
    }

    @Test
    void shouldRefuseADevelopmentKeyHoweverItsHexIsWritten() {
        var key = "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
        var relayer = Secret.optional("APP_RELAYER_KEY")
                .refusing("one of anvil's public test account keys", List.of("0x" + key));

        assertThatThrownBy(() ->
                        production(Map.of("APP_RELAYER_KEY", key.toUpperCase())).secret(relayer))
                .hasMessage("APP_RELAYER_KEY is one of anvil's public test account keys, known to everyone: refused"
                        + " under the production profile");
    }

    @Test
    void shouldLeaveTheLengthOfACredentialIssuedElsewhereToItsIssuer() {
        var providerKey = Secret.optional("APP_PROVIDER_KEY").issuedElsewhere();

        assertThat(production(Map.of("APP_PROVIDER_KEY", "abc123")).secret(providerKey))
                .isEqualTo("abc123");
    }
}
