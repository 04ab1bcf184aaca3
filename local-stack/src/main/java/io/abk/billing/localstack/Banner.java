package io.abk.billing.localstack;

import java.util.Locale;

/**
 * The text printed once the stack is ready: where everything is, the secrets to use, and a first request to
 * try. It goes to standard output for the developer at the terminal, never into logs.
 */
final class Banner {

    private static final String RULE = "=".repeat(78);

    private Banner() {
    }

    static String render(LocalStack.Info info) {
        var seconds = String.format(Locale.ROOT, "%.1f", info.startDuration().toMillis() / 1000.0);
        var text = new StringBuilder();
        text.append(RULE).append('\n');
        text.append(" USDC billing local stack ready in ").append(seconds).append(" s (")
                .append(info.coldStart() ? "first start, new data dir" : "restart, data kept").append(")\n\n");
        line(text, "API base URL", info.baseUrl());
        if (!info.publicUrl().equals(info.baseUrl())) {
            line(text, "Public URL", info.publicUrl() + "  (checkout links)");
        }
        line(text, "Admin token", info.adminToken() + "  (Authorization: Bearer ... on /admin/v1)");
        line(text, "Demo merchant", info.demoMerchantId().map(id -> id + " ").orElse("") + "(" + LocalStack.DEMO_MERCHANT_NAME + ")");
        line(text, "Demo test key", info.demoTestKey());
        line(text, "Demo live key", info.demoLiveKey());
        line(text, "Payout address", LocalStack.DEMO_PAYOUT_ADDRESS + "  (burn address: nobody holds its key)");
        line(text, "Kafka", info.kafkaBootstrapServers());
        line(text, "PostgreSQL", info.jdbcUrl() + "  (user billing, password billing)");
        line(text, "Data dir", info.dataDir() + "  (delete it to start from scratch)");
        text.append("\n Try:\n   curl -s ").append(info.baseUrl()).append("/v1/products -H 'Authorization: Bearer ")
                .append(info.demoTestKey()).append("'\n\n");
        text.append(" Ctrl-C stops everything; all state stays in the data dir.\n");
        text.append(RULE);
        return text.toString();
    }

    private static void line(StringBuilder text, String label, String value) {
        text.append(String.format(Locale.ROOT, "   %-16s%s%n", label, value));
    }
}
