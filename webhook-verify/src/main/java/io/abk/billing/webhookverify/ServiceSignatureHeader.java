package io.abk.billing.webhookverify;

import static io.abk.billing.webhookverify.WebhookVerificationException.Reason.MALFORMED_HEADER;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * A parsed {@code x-service-signature: t=<unix seconds>,v1=<hex>[,v1=<hex>...]}. Pairs with other keys (a future
 * {@code v2}) are skipped, so a sender can add a scheme without breaking verifiers that only know {@code v1}.
 */
record ServiceSignatureHeader(long timestamp, List<byte[]> signatures) {

    /** Bytes of an HMAC-SHA256. */
    static final int MAC_BYTES = 32;
    /** Up to 12 digits: any real unix time in seconds, far from the overflow of a long. */
    private static final int MAX_SECONDS_DIGITS = 12;

    private static final HexFormat HEX = HexFormat.of();

    static ServiceSignatureHeader parse(String header) throws WebhookVerificationException {
        String timestamp = null;
        var signatures = new ArrayList<byte[]>();
        for (var pair : header.split(",", -1)) {
            var equals = pair.indexOf('=');
            if (equals <= 0) {
                throw malformed(WebhookHeaders.SERVICE_SIGNATURE, "has a part that is not key=value");
            }
            var key = pair.substring(0, equals).strip();
            var value = pair.substring(equals + 1).strip();
            switch (key) {
                case "t" -> {
                    if (timestamp != null) {
                        throw malformed(WebhookHeaders.SERVICE_SIGNATURE, "has more than one t");
                    }
                    timestamp = value;
                }
                case "v1" -> signatures.add(hexMac(value));
                default -> {
                    // Another scheme's signature: not ours to check.
                }
            }
        }
        if (timestamp == null) {
            throw malformed(WebhookHeaders.SERVICE_SIGNATURE, "has no t");
        }
        if (signatures.isEmpty()) {
            throw malformed(WebhookHeaders.SERVICE_SIGNATURE, "has no v1");
        }
        return new ServiceSignatureHeader(
                seconds(WebhookHeaders.SERVICE_SIGNATURE, timestamp), List.copyOf(signatures));
    }

    /** Unix seconds written as plain digits, as both schemes send them. */
    static long seconds(String header, String value) throws WebhookVerificationException {
        if (value.isEmpty()
                || value.length() > MAX_SECONDS_DIGITS
                || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
            throw malformed(header, "has a timestamp that is not unix seconds");
        }
        return Long.parseLong(value);
    }

    static WebhookVerificationException malformed(String header, String what) {
        return new WebhookVerificationException(MALFORMED_HEADER, header + " " + what);
    }

    private static byte[] hexMac(String value) throws WebhookVerificationException {
        if (value.length() != 2 * MAC_BYTES) {
            throw malformed(WebhookHeaders.SERVICE_SIGNATURE, "has a v1 that is not 64 hex digits");
        }
        try {
            return HEX.parseHex(value.toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException notHex) {
            throw malformed(WebhookHeaders.SERVICE_SIGNATURE, "has a v1 that is not 64 hex digits");
        }
    }
}
