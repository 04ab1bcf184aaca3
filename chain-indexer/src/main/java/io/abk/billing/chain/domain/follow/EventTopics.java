package io.abk.billing.chain.domain.follow;

import io.abk.billing.contracts.EvmHex;
import java.util.List;

/**
 * The topic-0 hashes (keccak-256 of the event signatures) the follower asks for: the ERC-20 {@code Transfer}, the
 * vault's four events, and EIP-3009's {@code AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)}
 * of the followed tokens. Computed by the ABI code at the edge; the domain only compares them.
 */
public record EventTopics(
        String transfer,
        String subscribed,
        String charged,
        String canceled,
        String refunded,
        String authorizationUsed) {

    public EventTopics {
        authorizationUsed = EvmHex.word(authorizationUsed, "AuthorizationUsed topic");
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
