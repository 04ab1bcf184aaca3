package io.abk.billing.webhookverify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * Pins the scheme to fixed vectors computed outside the signer, so neither the sender nor the verifier can drift
 * from the published scheme together without a test failing.
 */
class WebhookSignerTest {

    /** The Standard Webhooks specification's own example: secret, id, timestamp, body and signature. */
    static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

    static final String ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    static final Instant SENT_AT = Instant.ofEpochSecond(1614265330);
    static final String BODY = "{\"test\": 2432232314}";
    static final String STANDARD_SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";
    /** HMAC-SHA256(key = the whole secret as UTF-8, "1614265330." + BODY), computed with Python's hmac module. */
    static final String SERVICE_SIGNATURE =
            "t=1614265330,v1=2e37df5d4a028c51a7f3133d64ae1e300d2c2c900f1b1d49d4369ad2530f8964";

    @Test
    void shouldMatchThePublishedVectorsWhenSigningTheReferenceDelivery() {
        var headers = WebhookSigner.of(SECRET).sign(ID, BODY, SENT_AT);

        assertThat(headers.serviceSignature()).isEqualTo(SERVICE_SIGNATURE);
        assertThat(headers.webhookId()).isEqualTo(ID);
        assertThat(headers.webhookTimestamp()).isEqualTo("1614265330");
        assertThat(headers.webhookSignature()).isEqualTo(STANDARD_SIGNATURE);
    }

    @Test
    void shouldMatchJavaxCryptoWhenSigningAnyBody() throws Exception {
        var secret = WebhookSecrets.generate();
        var body = "{\"id\":\"evt_1\",\"type\":\"invoice.paid\",\"note\":\"ünïcödé\"}";
        var t = 1_800_000_000L;

        var headers = WebhookSigner.of(secret).sign("evt_1", body, Instant.ofEpochSecond(t, 999_000_000));

        var serviceMac = hmac(secret.getBytes(StandardCharsets.UTF_8), t + "." + body);
        var standardMac =
                hmac(Base64.getDecoder().decode(secret.substring("whsec_".length())), "evt_1." + t + "." + body);
        assertThat(headers.serviceSignature())
                .as("sub-second part dropped")
                .isEqualTo("t=" + t + ",v1=" + HexFormat.of().formatHex(serviceMac));
        assertThat(headers.webhookSignature())
                .isEqualTo("v1," + Base64.getEncoder().encodeToString(standardMac));
    }

    @Test
    void shouldCarryOneSignaturePerSecretInOrderWhenRotating() {
        var old = WebhookSecrets.generate();
        var next = WebhookSecrets.generate();

        var both = WebhookSigner.of(old, next).sign(ID, BODY, SENT_AT);
        var oldOnly = WebhookSigner.of(old).sign(ID, BODY, SENT_AT);
        var nextOnly = WebhookSigner.of(next).sign(ID, BODY, SENT_AT);

        assertThat(both.serviceSignature())
                .isEqualTo(oldOnly.serviceSignature() + ","
                        + nextOnly.serviceSignature().substring("t=1614265330,".length()));
        assertThat(both.webhookSignature()).isEqualTo(oldOnly.webhookSignature() + " " + nextOnly.webhookSignature());
    }

    @Test
    void shouldListTheFourHeadersWhenCopyingThemOntoARequest() {
        var headers = WebhookSigner.of(SECRET).sign(ID, BODY, SENT_AT);

        assertThat(headers.asMap())
                .containsExactly(
                        entry("x-service-signature", SERVICE_SIGNATURE),
                        entry("webhook-id", ID),
                        entry("webhook-timestamp", "1614265330"),
                        entry("webhook-signature", STANDARD_SIGNATURE));
    }

    @Test
    void shouldRefuseWithoutShowingTheSecretWhenASecretIsNotWhsec() {
        assertThatThrownBy(() -> WebhookSigner.of("sk_test_leaky"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("leaky");
        assertThatThrownBy(() -> WebhookSigner.of("whsec_not*base64"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining("not*base64");
        assertThatThrownBy(() -> WebhookSigner.of(List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    static byte[] hmac(byte[] key, String message) throws Exception {
        var mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(message.getBytes(StandardCharsets.UTF_8));
    }
}
