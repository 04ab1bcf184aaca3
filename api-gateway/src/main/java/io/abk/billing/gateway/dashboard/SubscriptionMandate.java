package io.abk.billing.gateway.dashboard;

import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.schemas.avro.Mode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;

/**
 * What the gateway knows of a subscription's mandate on chain, as a detail page's fields: the mode's network, the
 * vault contract and the subscription's reference in it, the mandate's status, the customer's wallet; addresses link
 * to the chain's explorer ({@link Explorer}). The allowance the customer approved is not among them: the gateway
 * never records it (it lives in the USDC contract), and a page makes no chain call to read it.
 */
@Component
final class SubscriptionMandate {

    static final String ALLOWANCE_UNKNOWN = "Not recorded by the billing service: the allowance the customer approved,"
            + " and what is left of it, is read on chain (the customer's wallet on the explorer)";

    private final ChainsProperties chains;
    private final Explorer explorer;

    SubscriptionMandate(ChainsProperties chains, Explorer explorer) {
        this.chains = chains;
        this.explorer = explorer;
    }

    List<Map<String, Object>> fields(JsonNode s, Mode mode) {
        var chain = chains.of(mode);
        var fields = new ArrayList<Map<String, Object>>();
        fields.add(Rows.field("Network", network(mode, chain), false));
        fields.add(Rows.field("Mandate", Shown.text(s, "mandateStatus"), false));
        var vault = chain.vaultAddress();
        fields.add(explorer.addressField(mode, "Vault contract", vault == null ? Shown.NONE : vault));
        fields.add(Rows.field("Vault reference", Shown.text(s, "onChainSubscriptionId"), true));
        fields.add(explorer.addressField(mode, "Customer wallet", Shown.text(s, "walletAddress")));
        fields.add(Rows.field("Periods the allowance covers", ALLOWANCE_UNKNOWN, false));
        return fields;
    }

    private String network(Mode mode, ChainsProperties.Chain chain) {
        if (chains.isSandbox(mode)) {
            return "Sandbox: charges are simulated, nothing is on chain";
        }
        if (!chains.hasChain(mode)) {
            return chain.name() + " (chain " + chain.chainId() + "), not connected in this mode";
        }
        return chain.name() + " (chain " + chain.chainId() + ")";
    }
}
