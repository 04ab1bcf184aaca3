package io.abk.billing.chain.domain.follow;

import io.abk.billing.chain.domain.follow.SelectedLog.TokenTransferLog;
import io.abk.billing.chain.domain.follow.SelectedLog.VaultLogKind;
import io.abk.billing.chain.domain.follow.SelectedLog.VaultLog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Which logs of a chain are published: a followed token's {@code Transfer} whose sender or recipient is a watched
 * address of the follower's mode, and every event of the vault. Also says what to ask {@code eth_getLogs} for
 * (those contracts, those topic-0 hashes), so the node filters most of the rest.
 */
public final class LogSelection {

    /** An ERC-20 Transfer has topics (signature, from, to); ERC-721's has a fourth (the token id) and is not ours. */
    private static final int TRANSFER_TOPICS = 3;

    private final Map<String, FollowedToken> tokens = new LinkedHashMap<>();
    private final @Nullable String vault;
    private final EventTopics topics;

    public LogSelection(List<FollowedToken> tokens, @Nullable String vaultAddress, EventTopics topics) {
        tokens.forEach(token -> this.tokens.put(token.address(), token));
        this.vault = vaultAddress == null ? null : Hex.address(vaultAddress, "vault address");
        this.topics = topics;
        if (this.tokens.isEmpty() && this.vault == null) {
            throw new IllegalArgumentException("nothing to follow: no token and no vault");
        }
    }

    /** The contracts to ask {@code eth_getLogs} for. */
    public List<String> addresses() {
        var addresses = new ArrayList<>(tokens.keySet());
        if (vault != null && !tokens.containsKey(vault)) {
            addresses.add(vault);
        }
        return addresses;
    }

    /** The topic-0 hashes to ask {@code eth_getLogs} for (any of them). */
    public List<String> topic0s() {
        var wanted = new ArrayList<String>();
        if (!tokens.isEmpty()) {
            wanted.add(topics.transfer());
        }
        if (vault != null) {
            wanted.addAll(topics.vaultEvents());
        }
        return wanted;
    }

    /** The log as published, or empty when it is not ours to publish; {@code watched} takes lower-case addresses. */
    public Optional<SelectedLog> select(ChainLog log, Predicate<String> watched) {
        if (log.address().equals(vault)) {
            return vaultEvent(log.topic0()).map(event -> new VaultLog(log, event));
        }
        var token = tokens.get(log.address());
        if (token == null || log.topics().size() != TRANSFER_TOPICS || !log.topic0().equals(topics.transfer())) {
            return Optional.empty();
        }
        var from = Hex.addressFromTopic(log.topics().get(1));
        var to = Hex.addressFromTopic(log.topics().get(2));
        return watched.test(from) || watched.test(to)
                ? Optional.of(new TokenTransferLog(log, token, from, to))
                : Optional.empty();
    }

    private Optional<VaultLogKind> vaultEvent(String topic0) {
        if (topic0.equals(topics.subscribed())) {
            return Optional.of(VaultLogKind.SUBSCRIBED);
        } else if (topic0.equals(topics.charged())) {
            return Optional.of(VaultLogKind.CHARGED);
        } else if (topic0.equals(topics.canceled())) {
            return Optional.of(VaultLogKind.CANCELED);
        } else if (topic0.equals(topics.refunded())) {
            return Optional.of(VaultLogKind.REFUNDED);
        }
        // Any other vault log has no shape on chain.transfers; the eth_getLogs filter does not ask for one anyway.
        return Optional.empty();
    }
}
