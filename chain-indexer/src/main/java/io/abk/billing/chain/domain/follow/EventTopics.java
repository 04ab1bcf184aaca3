package io.abk.billing.chain.domain.follow;

import io.abk.billing.contracts.EvmHex;
import java.util.List;

/**
 * The topic-0 hashes (keccak-256 of the event signatures) the follower asks for: the ERC-20 {@code Transfer} and
 * the vault's four events. Computed by the ABI code at the edge; the domain only compares them.
 */
public record EventTopics(String transfer, String subscribed, String charged, String canceled, String refunded) {

    public EventTopics {
        transfer = EvmHex.word(transfer, "Transfer topic");
        subscribed = EvmHex.word(subscribed, "Subscribed topic");
        charged = EvmHex.word(charged, "Charged topic");
        canceled = EvmHex.word(canceled, "Canceled topic");
        refunded = EvmHex.word(refunded, "Refunded topic");
    }

    public List<String> vaultEvents() {
        return List.of(subscribed, charged, canceled, refunded);
    }
}
