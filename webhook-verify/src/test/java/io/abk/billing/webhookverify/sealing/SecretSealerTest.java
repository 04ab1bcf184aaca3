package io.abk.billing.webhookverify.sealing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.abk.billing.webhookverify.WebhookSecrets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class SecretSealerTest {

    private static final String K1 = "k1:" + Base64.getEncoder().encodeToString(new byte[32]);
    private static final String K2 = "k2:" + Base64.getEncoder().encodeToString(filled(32, (byte) 7));

    @Test
    void shouldOpenToTheSecretAndHoldNoPlaintextWhenSealed() {
        var sealer = new SecretSealer(SealingKeys.of(K1, "", true));
        var secret = WebhookSecrets.generate();

        var sealed = sealer.seal(secret, "we_1");

        assertThat(sealed).startsWith("v1:k1:").doesNotContain("whsec_").doesNotContain(secret.substring(6));
        // nonce (12) + the secret's 50 bytes + tag (16)
        assertThat(Base64.getDecoder().decode(sealed.substring("v1:k1:".length())))
                .hasSize(12 + 50 + 16);
        assertThat(sealer.open(sealed, "we_1")).isEqualTo(secret);
    }

    @Test
    void shouldDifferEachTimeWhenTheSameSecretIsSealedTwice() {
        var sealer = new SecretSealer(SealingKeys.of(K1, "", true));
        var secret = WebhookSecrets.generate();

        assertThat(sealer.seal(secret, "we_1")).isNotEqualTo(sealer.seal(secret, "we_1"));
    }

    @Test
    void shouldNotOpenWhenMovedToAnotherEndpoint() {
        // Protects against a sealed secret copied into another endpoint's row signing that endpoint's webhooks.
        var sealer = new SecretSealer(SealingKeys.of(K1, "", true));
        var sealed = sealer.seal(WebhookSecrets.generate(), "we_1");

        assertThatThrownBy(() -> sealer.open(sealed, "we_2"))
                .isInstanceOf(UnopenableSecretException.class)
                .hasMessageContaining("we_2")
                .hasMessageContaining("sealed for another endpoint");
    }

    @Test
    void shouldNotOpenWhenAltered() {
        var sealer = new SecretSealer(SealingKeys.of(K1, "", true));
        var sealed = sealer.seal(WebhookSecrets.generate(), "we_1");
        var body = Base64.getDecoder().decode(sealed.substring("v1:k1:".length()));
        body[20] ^= 1;

        assertThatThrownBy(() -> sealer.open("v1:k1:" + Base64.getEncoder().encodeToString(body), "we_1"))
                .isInstanceOf(UnopenableSecretException.class);
    }

    @Test
    void shouldOpenUnderAnOldKeyAndResealUnderTheActiveOneWhenRotated() {
        var before = new SecretSealer(SealingKeys.of(K1, "k1", true));
        var secret = WebhookSecrets.generate();
        var sealedUnderK1 = before.seal(secret, "we_1");
        var after = new SecretSealer(SealingKeys.of(K1 + "," + K2, "k2", true));

        assertThat(after.needsSealing(sealedUnderK1)).isTrue();
        assertThat(after.open(sealedUnderK1, "we_1")).isEqualTo(secret);
        var resealed = after.resealed(sealedUnderK1, "we_1");

        assertThat(resealed).startsWith("v1:k2:");
        assertThat(after.needsSealing(resealed)).isFalse();
        assertThat(after.resealed(resealed, "we_1")).isSameAs(resealed);
        var withoutK1 = new SecretSealer(SealingKeys.of(K2, "", true));
        assertThat(withoutK1.open(resealed, "we_1")).isEqualTo(secret);
        assertThatThrownBy(() -> withoutK1.open(sealedUnderK1, "we_1"))
                .isInstanceOf(UnopenableSecretException.class)
                .hasMessageContaining("'k1'")
                .hasMessageContaining("BILLING_SECRETS_KEYS");
    }

    @Test
    void shouldOpenAsItIsAndNeedSealingWhenStillPlain() {
        var sealer = new SecretSealer(SealingKeys.of(K1, "", true));
        var secret = WebhookSecrets.generate();

        assertThat(sealer.open(secret, "we_1")).isEqualTo(secret);
        assertThat(sealer.needsSealing(secret)).isTrue();
        assertThat(sealer.open(sealer.resealed(secret, "we_1"), "we_1")).isEqualTo(secret);
    }

    @Test
    void shouldRefuseWhatIsNeitherPlainNorSealed() {
        var sealer = new SecretSealer(SealingKeys.of(K1, "", true));

        assertThatThrownBy(() -> sealer.open("v2:k1:AAAA", "we_1")).isInstanceOf(UnopenableSecretException.class);
        assertThatThrownBy(() -> sealer.open("v1:k1:%%%", "we_1")).hasMessageContaining("not base64");
        assertThatThrownBy(() -> sealer.open("v1:k1:AAAA", "we_1")).hasMessageContaining("too short");
    }

    @Test
    void shouldEscapeTheKeyIdWhenMatchingWithLike() {
        var sealer =
                new SecretSealer(SealingKeys.of("key_1:" + Base64.getEncoder().encodeToString(new byte[32]), "", true));

        assertThat(sealer.activeLikePattern()).isEqualTo("v1:key\\_1:%");
    }

    private static byte[] filled(int length, byte value) {
        var bytes = new byte[length];
        java.util.Arrays.fill(bytes, value);
        return bytes;
    }
}
