package io.abk.billing.chain.domain.follow;

import io.abk.billing.chain.domain.follow.SelectedLog.TokenTransferLog;
import io.abk.billing.chain.domain.follow.SelectedLog.VaultLog;
import io.abk.billing.chain.domain.follow.SelectedLog.VaultLogKind;
import io.abk.billing.contracts.EvmHex;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * Which logs of a chain are published: a followed token's {@code Transfer} whose sender or recipient is a watched
 * address of the follower's mode, a USDT {@code Transfer} whose recipient is a pay-to address the USDT verifier
 * watches, and every event of the vault. Also says what to ask {@code eth_getLogs} for (those contracts, those
 * topic-0 hashes), so the node filters most of the rest.
 *
 * <p>USDT has its own list because its addresses mean something else: they are where open USDT intents are paid,
 * not payout addresses of USDC payments, and only incoming transfers can pay an intent. A USDC transfer is never
 * published for a USDT pay-to address, nor a USDT transfer for a USDC payout address. USDT is a contract of its
 * own: readers of {@code chain.transfers} tell the two tokens apart by the log's contract.
 *
 * <p>A transfer the vault made (a subscription's charge or refund) is marked {@code viaVault} by its source: its
 * transaction also carries the vault's {@code Charged} or {@code Refunded}, and the logs of one transaction share a
 * hash and a block, so they come in the same {@code eth_getLogs} answer. Such a transfer pays no one-time payment,
 * whatever reaches the transaction's claims first. In the same way a USDC transfer carries the {@code nonce} of its
 * token's EIP-3009 {@code AuthorizationUsed} by the transfer's sender in its transaction: the authorization that moved
 * it, which names the payment it pays. {@code AuthorizationUsed} itself is never published.
 */
public final class LogSelection {

    /** An ERC-20 Transfer has topics (signature, from, to); ERC-721's has a fourth (the token id) and is not ours. */
    private static final int TRANSFER_TOPICS = 3;
    /** EIP-3009's AuthorizationUsed has topics (signature, authorizer, nonce). */
    private static final int AUTHORIZATION_USED_TOPICS = 3;

    private final Map<String, FollowedToken> tokens = new LinkedHashMap<>();
    private final @Nullable FollowedToken usdt;
    private final @Nullable String vault;
    private final EventTopics topics;

    public LogSelection(List<FollowedToken> tokens, @Nullable String vaultAddress, EventTopics topics) {
        this(tokens, null, vaultAddress, topics);
    }

    /** With {@code usdt}, whose transfers to the USDT verifier's pay-to addresses are published too. */
    public LogSelection(
            List<FollowedToken> tokens,
            @Nullable FollowedToken usdt,
            @Nullable String vaultAddress,
            EventTopics topics) {
        tokens.forEach(token -> this.tokens.put(token.address(), token));
        this.usdt = usdt;
        this.vault = vaultAddress == null ? null : EvmHex.address(vaultAddress, "vault address");
        this.topics = topics;
        if (this.tokens.isEmpty() && usdt == null && this.vault == null) {
            throw new IllegalArgumentException("nothing to follow: no token and no vault");
        }
        if (usdt != null && (usdt.address().equals(this.vault) || this.tokens.containsKey(usdt.address()))) {
            throw new IllegalArgumentException("the USDT address must be a contract of its own, not the vault's or"
                    + " another followed token's: " + usdt.address());
        }
    }

    /** The contracts to ask {@code eth_getLogs} for. */
    public List<String> addresses() {
        var addresses = new ArrayList<>(tokens.keySet());
        if (usdt != null) {
            addresses.add(usdt.address());
        }
        if (vault != null && !tokens.containsKey(vault)) {
            addresses.add(vault);
        }
        return addresses;
    }

    /** The topic-0 hashes to ask {@code eth_getLogs} for (any of them). */
    public List<String> topic0s() {
        var wanted = new ArrayList<String>();
        if (!tokens.isEmpty() || usdt != null) {
            wanted.add(topics.transfer());
        }
        if (!tokens.isEmpty()) {
            wanted.add(topics.authorizationUsed());
        }
        if (vault != null) {
            wanted.addAll(topics.vaultEvents());
        }
        return wanted;
    }

    /**
     * The logs of one {@code eth_getLogs} answer that are ours to publish, as published and in the answer's order: a
     * followed token's transfer from or to a {@code watched} address, a USDT transfer to a {@code usdtPayTo} address
     * (both take lower-case addresses), a vault event. A transfer is {@code viaVault} when a log of the answer with
     * the same transaction hash is the vault's {@code Charged} or {@code Refunded}.
     */
    public List<SelectedLog> selectAll(List<ChainLog> logs, Predicate<String> watched, Predicate<String> usdtPayTo) {
        Set<String> vaultMoves =
                logs.stream().filter(this::movesTokens).map(ChainLog::txHash).collect(Collectors.toSet());
        var authorizations = logs.stream().filter(this::authorizationUsed).toList();
        return logs.stream()
                .flatMap(log -> select(log, watched, usdtPayTo, vaultMoves.contains(log.txHash())).stream())
                .map(selected -> withAuthorization(selected, authorizations))
                .toList();
    }

    /**
     * A transfer whose transaction carries its token's {@code AuthorizationUsed} by its sender, with that nonce. When
     * one transaction used several of the sender's authorizations, the transfer takes the one logged right before it
     * (EIP-3009 marks the nonce used, then transfers), else the nearest after it.
     */
    private static SelectedLog withAuthorization(SelectedLog selected, List<ChainLog> authorizations) {
        if (!(selected instanceof TokenTransferLog transfer) || authorizations.isEmpty()) {
            return selected;
        }
        var log = transfer.log();
        return authorizations.stream()
                .filter(used -> used.txHash().equals(log.txHash())
                        && used.address().equals(log.address())
                        && EvmHex.addressFromTopic(used.topics().get(1)).equals(transfer.from()))
                .min(Comparator.comparingInt((ChainLog used) -> used.logIndex() < log.logIndex() ? 0 : 1)
                        .thenComparingInt(used -> Math.abs(log.logIndex() - used.logIndex())))
                .<SelectedLog>map(used -> new TokenTransferLog(
                        log,
                        transfer.token(),
                        transfer.from(),
                        transfer.to(),
                        transfer.viaVault(),
                        used.topics().get(2)))
                .orElse(selected);
    }

    /** A followed USDC token's {@code AuthorizationUsed(authorizer, nonce)}: both indexed, so three topics. */
    private boolean authorizationUsed(ChainLog log) {
        return tokens.containsKey(log.address())
                && log.topics().size() == AUTHORIZATION_USED_TOPICS
                && log.topic0().equals(topics.authorizationUsed());
    }

    /** One log judged alone, as if its transaction carried no vault charge or refund; {@link #selectAll} is the rule. */
    Optional<SelectedLog> select(ChainLog log, Predicate<String> watched) {
        return select(log, watched, address -> false);
    }

    /** One log judged alone, as if its transaction carried no vault charge or refund; {@link #selectAll} is the rule. */
    Optional<SelectedLog> select(ChainLog log, Predicate<String> watched, Predicate<String> usdtPayTo) {
        return select(log, watched, usdtPayTo, false);
    }

    private Optional<SelectedLog> select(
            ChainLog log, Predicate<String> watched, Predicate<String> usdtPayTo, boolean viaVault) {
        if (log.address().equals(vault)) {
            return vaultEvent(log.topic0()).map(event -> new VaultLog(log, event));
        }
        var isUsdt = usdt != null && usdt.address().equals(log.address());
        var token = isUsdt ? usdt : tokens.get(log.address());
        if (token == null
                || log.topics().size() != TRANSFER_TOPICS
                || !log.topic0().equals(topics.transfer())) {
            return Optional.empty();
        }
        var from = EvmHex.addressFromTopic(log.topics().get(1));
        var to = EvmHex.addressFromTopic(log.topics().get(2));
        var wanted = isUsdt ? usdtPayTo.test(to) : watched.test(from) || watched.test(to);
        return wanted ? Optional.of(new TokenTransferLog(log, token, from, to, viaVault, null)) : Optional.empty();
    }

    /** A vault event that moves tokens in its transaction: a charge (customer to merchant) or a refund (back). */
    private boolean movesTokens(ChainLog log) {
        return log.address().equals(vault)
                && (log.topic0().equals(topics.charged()) || log.topic0().equals(topics.refunded()));
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
