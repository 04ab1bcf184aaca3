package io.abk.billing.webhookverify;

import static io.abk.billing.webhookverify.ServiceSignatureHeader.MAC_BYTES;
import static io.abk.billing.webhookverify.ServiceSignatureHeader.malformed;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * Parses a Standard Webhooks {@code webhook-signature: v1,<base64>[ v1,<base64>...]} into its {@code v1} MACs.
 * Entries of other versions are skipped, as the Standard Webhooks libraries do.
 */
final class StandardSignatureHeader {

    private StandardSignatureHeader() {}

    static List<byte[]> parse(String header) throws WebhookVerificationException {
        var signatures = new ArrayList<byte[]>();
        for (var entry : header.strip().split(" +")) {
            var comma = entry.indexOf(',');
            if (comma <= 0) {
                throw malformed(WebhookHeaders.WEBHOOK_SIGNATURE, "has an entry that is not version,signature");
            }
            if (entry.substring(0, comma).equals("v1")) {
                signatures.add(base64Mac(entry.substring(comma + 1)));
            }
        }
        if (signatures.isEmpty()) {
            throw malformed(WebhookHeaders.WEBHOOK_SIGNATURE, "has no v1");
        }
        return List.copyOf(signatures);
    }

    private static byte[] base64Mac(String value) throws WebhookVerificationException {
        byte[] mac;
        try {
            mac = Base64.getDecoder().decode(value);
        } catch (IllegalArgumentException notBase64) {
            throw malformed(WebhookHeaders.WEBHOOK_SIGNATURE, "has a v1 that is not base64");
        }
        if (mac.length != MAC_BYTES) {
            throw malformed(WebhookHeaders.WEBHOOK_SIGNATURE, "has a v1 that is not 32 bytes");
        }
        return mac;
    }
}
