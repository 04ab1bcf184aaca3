package io.abk.billing.chain.domain.follow;

import io.abk.billing.contracts.EvmHex;
import java.util.List;
import java.util.Locale;

/**
 * One log as the node returned it from {@code eth_getLogs}, lower-cased: emitting contract, topics (topic 0 is the
 * event's signature hash), data, and where it sits on the chain.
 */
public record ChainLog(
        String address,
        List<String> topics,
        String data,
        long blockNumber,
        String blockHash,
        String txHash,
        int logIndex) {

    public ChainLog {
        address = EvmHex.address(address, "log address");
        topics = topics.stream().map(topic -> EvmHex.word(topic, "log topic")).toList();
        data = data.toLowerCase(Locale.ROOT);
        blockHash = EvmHex.word(blockHash, "log blockHash");
        txHash = EvmHex.word(txHash, "log txHash");
    }

    /** The event signature hash, or empty for an anonymous log without topics. */
    public String topic0() {
        return topics.isEmpty() ? "" : topics.getFirst();
    }

    /** The id downstream deduplicates by: {@code chainId:txHash:logIndex}. */
    public String key(long chainId) {
        return chainId + ":" + txHash + ":" + logIndex;
    }
}
