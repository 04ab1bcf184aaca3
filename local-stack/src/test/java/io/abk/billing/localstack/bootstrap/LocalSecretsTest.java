package io.abk.billing.localstack.bootstrap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.webhookverify.sealing.SealingKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalSecretsTest {

    private static final String TEST_KEY = "abk_test_" + "a".repeat(40);
    private static final String LIVE_KEY = "abk_live_" + "b".repeat(40);

    @TempDir
    Path dataDir;

    @Test
    void shouldGenerateWellFormedSecretsWhenNoneAreGiven() {
        var secrets = LocalSecrets.resolve(dataDir, null, null, null);

        assertThat(secrets.adminToken()).matches("[A-Za-z0-9]{40}");
        assertThat(secrets.demoTestKey()).matches("abk_test_[A-Za-z0-9]{40}");
        assertThat(secrets.demoLiveKey()).matches("abk_live_[A-Za-z0-9]{40}");
        assertThat(secrets.demoTestKey()).isNotEqualTo(secrets.demoLiveKey());
        assertThat(secrets.demoOwnerPassword()).matches("[A-Za-z0-9]{20}");
        // one 32-byte sealing key, the only one of the keyring and so the active one
        assertThat(secrets.sealingKeys()).matches("local:[A-Za-z0-9+/]{43}=");
        assertThat(secrets.sealingActiveKey()).isEmpty();
        assertThat(SealingKeys.of(secrets.sealingKeys(), secrets.sealingActiveKey(), true)
                        .activeId())
                .isEqualTo("local");
    }

    @Test
    void shouldUseTheGivenSealingKeyringAndKeepTheStoredOneForLater() {
        var stored = LocalSecrets.resolve(dataDir, null, null, null);
        var given = "k1:" + "A".repeat(43) + "=,k2:" + "B".repeat(43) + "=";

        var secrets = LocalSecrets.resolve(dataDir, null, null, null, given, "k2");

        assertThat(secrets.sealingKeys()).isEqualTo(given);
        assertThat(secrets.sealingActiveKey()).isEqualTo("k2");
        assertThat(LocalSecrets.resolve(dataDir, null, null, null)).isEqualTo(stored);
    }

    @Test
    void shouldUseTheGivenOwnerPasswordAndKeepTheStoredOneForLater() {
        var stored = LocalSecrets.resolve(dataDir, null, null, null);

        var given = LocalSecrets.resolve(dataDir, null, null, null, "a given owner password", null, null);

        assertThat(given.demoOwnerPassword()).isEqualTo("a given owner password");
        assertThat(LocalSecrets.resolve(dataDir, null, null, null).demoOwnerPassword())
                .isEqualTo(stored.demoOwnerPassword());
        assertThat(given.toString()).doesNotContain("a given owner password");
    }

    @Test
    void shouldReturnTheSameSecretsWhenResolvedAgainOnTheSameDataDir() throws Exception {
        var first = LocalSecrets.resolve(dataDir, null, null, null);

        var second = LocalSecrets.resolve(dataDir, null, null, null);

        assertThat(second).isEqualTo(first);
        var file = dataDir.resolve(LocalSecrets.FILE_NAME);
        assertThat(Files.getPosixFilePermissions(file)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
    }

    @Test
    void shouldPreferTheEnvironmentWhenAValueIsGivenAndKeepTheStoredOnesForTheRest() {
        var stored = LocalSecrets.resolve(dataDir, null, null, null);

        var secrets = LocalSecrets.resolve(dataDir, "given-admin-token-1234", TEST_KEY, null);

        assertThat(secrets.adminToken()).isEqualTo("given-admin-token-1234");
        assertThat(secrets.demoTestKey()).isEqualTo(TEST_KEY);
        assertThat(secrets.demoLiveKey()).isEqualTo(stored.demoLiveKey());
        // the given values are not written over the stored ones: without the variables, the old ones come back
        assertThat(LocalSecrets.resolve(dataDir, null, null, null)).isEqualTo(stored);
    }

    @Test
    void shouldNotWriteAFileWhenEverySecretIsGiven() {
        LocalSecrets.resolve(
                dataDir,
                "given-admin-token-1234",
                TEST_KEY,
                LIVE_KEY,
                "a given owner password",
                "k1:" + "A".repeat(43) + "=",
                "");

        assertThat(dataDir.resolve(LocalSecrets.FILE_NAME)).doesNotExist();
    }

    @Test
    void shouldRejectAGivenKeyWhenItHasTheWrongModePrefix() {
        assertThatThrownBy(() -> LocalSecrets.resolve(dataDir, null, LIVE_KEY, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("BILLING_DEMO_TEST_KEY must be abk_test_");
    }

    @Test
    void shouldRejectAGivenAdminTokenWhenItIsTooShort() {
        assertThatThrownBy(() -> LocalSecrets.resolve(dataDir, "short", null, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("BILLING_ADMIN_TOKEN must be at least 16 characters");
    }

    @Test
    void shouldNotRevealSecretsWhenPrinted() {
        var secrets = LocalSecrets.resolve(dataDir, null, null, null);

        assertThat(secrets.toString())
                .doesNotContain(
                        secrets.adminToken(),
                        secrets.demoTestKey(),
                        secrets.demoLiveKey(),
                        secrets.demoOwnerPassword(),
                        secrets.sealingKeys().substring("local:".length()));
    }
}
