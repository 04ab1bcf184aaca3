package io.abk.billing.chain.domain.follow;

import java.util.List;

/**
 * The topic-0 hashes (keccak-256 of the event signatures) the follower asks for: the ERC-20 {@code Transfer} and
 * the vault's four events. Computed by the ABI code at the edge; the domain only compares them.
 */
public record EventTopics(String transfer, String subscribed, String charged, String canceled, String refunded) {

    public EventTopics {
        transfer = Hex.hash(transfer, "Transfer topic");
        subscribed = Hex.hash(subscribed, "Subscribed topic");
        charged = Hex.hash(charged, "Charged topic");
        canceled = Hex.hash(canceled, "Canceled topic");
        refunded = Hex.hash(refunded, "Refunded topic");
    }

    public List<String> vaultEvents() {
        return List.of(subscribed, charged, canceled, refunded);
    }
}
