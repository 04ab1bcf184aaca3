package io.abk.billing.gateway.controlplane.user;

import dev.samstevens.totp.code.DefaultCodeGenerator;
import dev.samstevens.totp.code.HashingAlgorithm;
import dev.samstevens.totp.exceptions.CodeGenerationException;
import dev.samstevens.totp.qr.QrData;
import dev.samstevens.totp.secret.DefaultSecretGenerator;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.OptionalLong;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * RFC 6238 codes as every authenticator app makes them by default (SHA-1, six digits, 30-second steps), over the
 * {@code dev.samstevens.totp} library: a new secret, its {@code otpauth://} URI, and the time step a code belongs to.
 * Time is the caller's {@code now}.
 */
public final class TotpCodes {

    /** The issuer an authenticator shows above the member's email. */
    static final String ISSUER = "USDC billing";

    static final int DIGITS = 6;
    static final int PERIOD_SECONDS = 30;
    /**
     * Steps either side of now a code may belong to: one, so a code typed as it changes, or a phone's clock half a
     * minute off, still signs in (RFC 6238 §5.2 recommends at most one step of network delay).
     */
    static final int DRIFT_STEPS = 1;

    /** 32 base32 characters: 160 bits, the key length RFC 4226 recommends for HMAC-SHA-1. */
    private static final int SECRET_CHARACTERS = 32;

    private static final Pattern CODE = Pattern.compile("\\d{" + DIGITS + "}");
    private static final DefaultCodeGenerator GENERATOR = new DefaultCodeGenerator(HashingAlgorithm.SHA1, DIGITS);

    private TotpCodes() {}

    /** A fresh random secret, base32 as authenticators take it. */
    static String newSecret() {
        return new DefaultSecretGenerator(SECRET_CHARACTERS).generate();
    }

    /** The URI an authenticator scans: the member's email under the issuer, and the secret. */
    static String uri(String email, String secret) {
        return new QrData.Builder()
                .label(email)
                .secret(secret)
                .issuer(ISSUER)
                .algorithm(HashingAlgorithm.SHA1)
                .digits(DIGITS)
                .period(PERIOD_SECONDS)
                .build()
                .getUri();
    }

    /** The time step {@code at} is in. */
    static long stepAt(Instant at) {
        return Math.floorDiv(at.getEpochSecond(), PERIOD_SECONDS);
    }

    /**
     * The step {@code code} is the secret's code of: one within {@link #DRIFT_STEPS} of {@code now}'s and later than
     * {@code after} (the last step accepted, so a code is accepted once); empty when it is none of them. Spaces a
     * member types between the digits are ignored.
     */
    static OptionalLong matchingStep(String secret, String code, Instant now, @Nullable Long after) {
        var typed = code.replace(" ", "");
        if (!CODE.matcher(typed).matches()) {
            return OptionalLong.empty();
        }
        var current = stepAt(now);
        for (long step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
            if ((after == null || step > after) && same(codeAt(secret, step), typed)) {
                return OptionalLong.of(step);
            }
        }
        return OptionalLong.empty();
    }

    /** The secret's code for {@code step}. */
    static String codeAt(String secret, long step) {
        try {
            return GENERATOR.generate(secret, step);
        } catch (CodeGenerationException impossible) {
            // Thrown only for a secret that is not base32 or an HMAC the JDK lacks: our secrets are base32, SHA-1 is in
            // every JDK.
            throw new IllegalStateException("TOTP code generation failed", impossible);
        }
    }

    private static boolean same(String expected, String typed) {
        return MessageDigest.isEqual(
                expected.getBytes(StandardCharsets.US_ASCII), typed.getBytes(StandardCharsets.US_ASCII));
    }
}
