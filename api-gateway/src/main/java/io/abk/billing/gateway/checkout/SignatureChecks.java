package io.abk.billing.gateway.checkout;

import io.abk.billing.contracts.Signatures;
import io.abk.billing.contracts.TypedData;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import java.math.BigInteger;
import java.time.Instant;
import java.util.Locale;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The checks of what a customer signed at checkout before anything is sent, each failure a 400 with its code
 * ({@link #SIGNATURE_INVALID}, {@link #SIGNATURE_EXPIRED}, {@link #TERMS_MISMATCH}, {@link #SIGNATURE_UNSUPPORTED},
 * or {@code validation_error} naming the malformed field): a refused request sends nothing.
 */
final class SignatureChecks {

    static final String SIGNATURE_INVALID = "signature_invalid";
    static final String SIGNATURE_EXPIRED = "signature_expired";
    static final String TERMS_MISMATCH = "terms_mismatch";
    static final String SIGNATURE_UNSUPPORTED = "signature_unsupported";

    /** Clocks of the customer's machine and ours disagree by seconds; a deadline a little past the hour is not refused. */
    static final long DEADLINE_SLACK_SECONDS = 300;

    private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");
    private static final Pattern WORD = Pattern.compile("0x[0-9a-fA-F]{64}");
    private static final Pattern SIGNATURE = Pattern.compile("0x[0-9a-fA-F]{130}");

    private SignatureChecks() {}

    /** A wallet address, lower case; {@code validation_error} unless {@code 0x} and 40 hex digits. */
    static String address(@Nullable String value, String field) {
        if (value == null || !ADDRESS.matcher(value).matches()) {
            throw ApiException.invalid(field, "must be an EVM address: 0x followed by 40 hexadecimal digits");
        }
        return value.toLowerCase(Locale.ROOT);
    }

    static String address(JsonNode body, String field) {
        return address(string(body, field), field);
    }

    /** 32 bytes, lower-case hex. */
    static String word(JsonNode body, String field) {
        var value = string(body, field);
        if (value == null || !WORD.matcher(value).matches()) {
            throw ApiException.invalid(field, "must be 32 bytes: 0x followed by 64 hexadecimal digits");
        }
        return value.toLowerCase(Locale.ROOT);
    }

    /** A 65-byte signature, lower-case hex (its v and s are checked when it is recovered). */
    static String signature(JsonNode body, String field) {
        var value = string(body, field);
        if (value == null || !SIGNATURE.matcher(value).matches()) {
            throw ApiException.invalid(field, "must be a 65-byte signature: 0x followed by 130 hexadecimal digits");
        }
        return value.toLowerCase(Locale.ROOT);
    }

    /** A non-negative whole number, as a JSON integer or a decimal string (a uint256 may not fit a double). */
    static BigInteger uint(JsonNode body, String field) {
        var node = body.get(field);
        BigInteger value = null;
        if (node != null && node.isIntegralNumber()) {
            value = node.bigIntegerValue();
        } else if (node != null && node.isString() && node.stringValue().matches("[0-9]{1,78}")) {
            value = new BigInteger(node.stringValue());
        }
        if (value == null || value.signum() < 0 || value.bitLength() > 256) {
            throw ApiException.invalid(field, "must be a whole number from 0 to 2^256 - 1");
        }
        return value;
    }

    /** Seconds since the epoch, as {@link #uint}, within what an {@link Instant} holds. */
    static Instant seconds(JsonNode body, String field) {
        var value = uint(body, field);
        if (value.bitLength() > 40) {
            throw ApiException.invalid(field, "must be a time in seconds since the epoch");
        }
        return Instant.ofEpochSecond(value.longValueExact());
    }

    /** The body as an object; {@code validation_error} for anything else. */
    static JsonNode object(@Nullable JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new ApiException(400, ErrorCodes.VALIDATION_ERROR, "The request body must be a JSON object.");
        }
        return body;
    }

    /** A deadline after now and no further than the validity checkout asks for. */
    static void deadline(Instant deadline, Instant now, String what) {
        if (!deadline.isAfter(now)) {
            throw ApiException.badRequest(
                    SIGNATURE_EXPIRED,
                    "The " + what + " expired at " + deadline + ": ask for a new one and sign again.");
        }
        if (deadline.isAfter(SignedTerms.deadline(now).plusSeconds(DEADLINE_SLACK_SECONDS))) {
            throw ApiException.badRequest(
                    TERMS_MISMATCH,
                    "The " + what + "'s deadline " + deadline + " is further away than checkout asks for ("
                            + SignedTerms.VALIDITY.toMinutes() + " minutes).");
        }
    }

    /** The signature of {@code typed} must recover to {@code signer}. */
    static void signedBy(TypedData typed, String signature, String signer, String what) {
        String recovered;
        try {
            recovered = Signatures.recover(typed.digest(), signature);
        } catch (IllegalArgumentException malformed) {
            throw ApiException.badRequest(
                    SIGNATURE_INVALID, "The " + what + " signature is malformed: " + malformed.getMessage());
        }
        if (!recovered.equalsIgnoreCase(signer)) {
            throw ApiException.badRequest(
                    SIGNATURE_INVALID,
                    "The " + what + " signature is not " + signer + "'s over these terms: signed by another key, or"
                            + " over other terms.");
        }
    }

    /** The resource names its customer's wallet: only that wallet may sign for it. */
    static void sameWallet(String signer, @Nullable String required) {
        if (required != null && !required.equalsIgnoreCase(signer)) {
            throw ApiException.badRequest(
                    TERMS_MISMATCH, "Only the wallet " + required + " may sign for this checkout, not " + signer + ".");
        }
    }

    static ApiException unsupported(String reason) {
        return ApiException.badRequest(
                SIGNATURE_UNSUPPORTED,
                "Checkout cannot take a signature here (" + reason + "): send the transactions.");
    }

    private static @Nullable String string(JsonNode body, String field) {
        var node = body.get(field);
        return node != null && node.isString() ? node.stringValue() : null;
    }
}
