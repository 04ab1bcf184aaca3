package io.abk.billing.webhookverify;

import static io.abk.billing.webhookverify.ServiceSignatureVerificationTest.assertFails;
import static io.abk.billing.webhookverify.WebhookVerificationException.Reason.NO_MATCHING_SIGNATURE;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded random deliveries (arbitrary bytes, secrets, ids and times): whatever the signer produces the verifier
 * accepts, and flipping one byte of the body makes both schemes fail. The seed is in the case name to replay one.
 */
class WebhookRoundTripTest {

    record Delivery(long seed, byte[] body, List<String> secrets, String id, Instant sentAt) {

        @Override
        public String toString() {
            return "seed " + seed + ", " + body.length + " bytes, " + secrets.size() + " secret(s)";
        }
    }

    static Stream<Delivery> deliveries() {
        return IntStream.range(0, 200).mapToObj(i -> delivery(0x5EED_0000L + i));
    }

    static Delivery delivery(long seed) {
        var random = new Random(seed);
        var body = new byte[random.nextInt(4_096)];
        random.nextBytes(body);
        var secrets = IntStream.range(0, 1 + random.nextInt(2))
                .mapToObj(i -> secret(random))
                .toList();
        var sentAt = Instant.ofEpochSecond(1_600_000_000L + random.nextInt(400_000_000));
        return new Delivery(seed, body, secrets, "evt_" + Long.toHexString(random.nextLong()), sentAt);
    }

    /** A whsec_ secret of 16 to 64 seeded bytes: the verifier takes any length, not just generated ones. */
    static String secret(Random random) {
        var bytes = new byte[16 + random.nextInt(49)];
        random.nextBytes(bytes);
        return "whsec_" + Base64.getEncoder().encodeToString(bytes);
    }

    @ParameterizedTest
    @MethodSource("deliveries")
    void shouldVerifyBothSchemesWithEachSecretWhenSignedAndReceivedWithinTolerance(Delivery delivery) throws Exception {
        var headers = WebhookSigner.of(delivery.secrets()).sign(delivery.id(), delivery.body(), delivery.sentAt());
        var receivedAt = Clock.fixed(
                delivery.sentAt().plusSeconds(new Random(delivery.seed()).nextInt(601) - 300), ZoneOffset.UTC);

        for (var secret : delivery.secrets()) {
            var verifier = WebhookVerifier.of(secret).withClock(receivedAt);
            assertThat(verifier.verify(delivery.body(), headers.serviceSignature()))
                    .isEqualTo(delivery.sentAt());
            assertThat(verifier.verifyStandard(
                            delivery.body(),
                            headers.webhookId(),
                            headers.webhookTimestamp(),
                            headers.webhookSignature()))
                    .isEqualTo(delivery.sentAt());
        }
    }

    @ParameterizedTest
    @MethodSource("deliveries")
    void shouldRejectBothSchemesWhenOneByteOfTheBodyChanges(Delivery delivery) {
        var headers = WebhookSigner.of(delivery.secrets()).sign(delivery.id(), delivery.body(), delivery.sentAt());
        var tampered = tamper(delivery.body(), new Random(delivery.seed() ^ 1));
        var verifier = WebhookVerifier.of(delivery.secrets()).withClock(Clock.fixed(delivery.sentAt(), ZoneOffset.UTC));

        assertFails(() -> verifier.verify(tampered, headers.serviceSignature()), NO_MATCHING_SIGNATURE);
        assertFails(
                () -> verifier.verifyStandard(
                        tampered, headers.webhookId(), headers.webhookTimestamp(), headers.webhookSignature()),
                NO_MATCHING_SIGNATURE);
    }

    /** One byte changed (or one appended to an empty body). */
    static byte[] tamper(byte[] body, Random random) {
        if (body.length == 0) {
            return new byte[] {1};
        }
        var copy = body.clone();
        copy[random.nextInt(copy.length)] ^= (byte) (1 + random.nextInt(255));
        return copy;
    }
}
