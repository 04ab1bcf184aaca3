package io.abk.billing.localstack;

import io.abk.billing.localstack.chain.ChainAccounts;
import io.abk.billing.localstack.chain.LocalChainInfo;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The text printed once the stack is ready: where everything is, the secrets to use, and a first request to
 * try. It goes to standard output for the developer at the terminal, never into logs.
 */
final class Banner {

    private static final String RULE = "=".repeat(78);
    /** Two customer wallets are enough for a walkthrough; the rest are anvil's well-known accounts 5 to 9. */
    private static final int SHOWN_CUSTOMERS = 2;

    private Banner() {}

    static String render(LocalStack.Info info) {
        var seconds = String.format(Locale.ROOT, "%.1f", info.startDuration().toMillis() / 1000.0);
        var text = new StringBuilder();
        text.append(RULE).append('\n');
        text.append(" USDC billing local stack ready in ")
                .append(seconds)
                .append(" s (")
                .append(info.coldStart() ? "first start, new data dir" : "restart, data kept")
                .append(")\n\n");
        line(text, "API base URL", info.baseUrl());
        for (int i = 1; i < info.gatewayUrls().size(); i++) {
            line(text, "", info.gatewayUrls().get(i) + "  (gateway " + (i + 1) + ")");
        }
        if (!info.publicUrl().equals(info.baseUrl())) {
            line(text, "Public URL", info.publicUrl() + "  (checkout links)");
        }
        line(text, "Admin token", info.adminToken() + "  (Authorization: Bearer ... on /admin/v1)");
        line(
                text,
                "Demo merchant",
                info.demoMerchantId().map(id -> id + " ").orElse("") + "(" + LocalStack.DEMO_MERCHANT_NAME + ")");
        line(
                text,
                "Dashboard",
                info.baseUrl() + "/dashboard  (sign in: " + info.demoOwnerEmail() + ", password "
                        + info.demoOwnerPassword() + ")");
        line(text, "Demo test key", info.demoTestKey());
        line(text, "Demo live key", info.demoLiveKey());
        line(
                text,
                "Payout address",
                info.localChain().isPresent()
                        ? info.payoutAddress() + "  (anvil account 2; approved the vault, which pays refunds from it)"
                        : LocalStack.DEMO_PAYOUT_ADDRESS + "  (burn address: nobody holds its key)");
        line(text, "USDT verifier", info.usdtUrl() + "  (companion, sandbox; key " + info.usdtKey() + ")");
        line(text, "Kafka", info.kafkaBootstrapServers());
        line(text, "PostgreSQL", info.jdbcUrl() + "  (user billing, password billing)");
        line(text, "Data dir", info.dataDir() + "  (delete it to start from scratch)");
        if (!info.processes().isEmpty()) {
            text.append("\n Every service is its own process (logs in ")
                    .append(info.dataDir().resolve("logs"))
                    .append("):\n");
            info.processes().forEach(process -> line(text, "", process));
        }
        info.localChain().ifPresent(chain -> localChain(text, chain));
        text.append("\n Try:\n   curl -s ")
                .append(info.baseUrl())
                .append("/v1/products -H 'Authorization: Bearer ")
                .append(info.demoTestKey())
                .append("'\n");
        info.localChain()
                .ifPresent(chain -> chain.cast()
                        .ifPresent(cast -> text.append("   ")
                                .append(cast)
                                .append(" call ")
                                .append(chain.tokenAddress())
                                .append(" 'balanceOf(address)(uint256)' ")
                                .append(chain.customers().getFirst().address())
                                .append(" --rpc-url ")
                                .append(chain.rpcUrl())
                                .append('\n')));
        text.append('\n');
        text.append(" Ctrl-C stops everything; all state stays in the data dir.\n");
        text.append(RULE);
        return text.toString();
    }

    private static void localChain(StringBuilder text, LocalChainInfo chain) {
        text.append("\n Local chain: test mode settles here (checkout says sandbox: false)\n");
        line(text, "RPC URL", chain.rpcUrl() + "  (chain id " + chain.chainId() + ", a block every second)");
        line(text, "Test USDC", chain.tokenAddress() + "  (6 decimals, mintable by anyone)");
        line(text, "Vault", chain.vaultAddress());
        line(
                text,
                "Relayer",
                chain.relayerAddress() + "  (anvil account 1: the only one the vault takes charges from)");
        var customers = chain.customers();
        for (int i = 0; i < Math.min(SHOWN_CUSTOMERS, customers.size()); i++) {
            var customer = customers.get(i);
            line(
                    text,
                    "Customer " + (i + 1),
                    customer.address() + "  (anvil account " + (ChainAccounts.FIRST_CUSTOMER + i) + ")");
            line(text, "", "private key " + customer.privateKey());
        }
        text.append("   Every anvil account holds 1,000,000 test USDC and about 10,000 ETH (accounts ")
                .append(ChainAccounts.FIRST_CUSTOMER + SHOWN_CUSTOMERS)
                .append('-')
                .append(ChainAccounts.FIRST_CUSTOMER + customers.size() - 1)
                .append(" are more customers).\n");
        text.append(
                "   These are anvil's PUBLIC test keys, known to everyone: use them on this local chain only and\n");
        text.append("   never send real funds to these addresses on any other chain.\n");
        line(
                text,
                "cast",
                chain.cast()
                        .map(Path::toString)
                        .orElse("not found (npm install @foundry-rs/cast-linux-amd64@1.7.1 for it)"));
    }

    private static void line(StringBuilder text, String label, String value) {
        text.append(String.format(Locale.ROOT, "   %-16s%s%n", label, value));
    }
}
