package io.abk.billing.chain.relay;

import io.abk.billing.chain.ChainIndexerSettings;
import io.abk.billing.chain.config.ChainSettings;
import io.abk.billing.chain.domain.relay.FeePolicy;
import java.time.Duration;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.web3j.crypto.Credentials;

/** How a {@link Relayer}'s parts are made from its chain's settings: its Kafka clients and its batch's executors. */
final class RelayerSetup {

    private RelayerSetup() {}

    static RelayBatch batch(ChainSettings chain, RelayerRpc rpc) {
        var key = chain.relayerKey();
        if (key == null) {
            return new RelayBatch(chain, rpc, null, ItemRelay.Executors.NONE, null);
        }
        var credentials = Credentials.create(key.hex());
        var caps = chain.feeCaps();
        var sender = new TransactionSender(
                rpc,
                chain.chainId(),
                credentials,
                new FeePolicy(caps.maxFeePerGasWei(), caps.maxPriorityFeePerGasWei(), caps.maxCostPerTxWei()),
                chain.receiptTimeout(),
                chain.confirmations());
        var recovery = new NonceRecovery(rpc, sender);
        var startBlock = chain.startBlock() == null ? 0L : chain.startBlock();
        var authorizations =
                new AuthorizationExecutor(rpc, chain.usdcAddress(), sender.address(), chain.usdcDecimals(), startBlock);
        var vaultAddress = chain.vaultAddress();
        if (vaultAddress == null) {
            return new RelayBatch(
                    chain, rpc, sender, new ItemRelay.Executors(null, null, null, authorizations), recovery);
        }
        var vault = new VaultReader(rpc, vaultAddress);
        return new RelayBatch(
                chain,
                rpc,
                sender,
                new ItemRelay.Executors(
                        new ChargeExecutor(vault, sender.address(), chain.usdcDecimals()),
                        new RefundExecutor(vault, sender.address(), chain.usdcDecimals(), startBlock),
                        new MandateExecutor(
                                vault, sender.address(), chain.usdcDecimals(), chain.usdcAddress(), startBlock),
                        authorizations),
                recovery);
    }

    /** {@code batchBound}: the longest a batch may wait for its receipts, which the poll interval must outlast. */
    static Map<String, Object> consumerProperties(
            ChainIndexerSettings config, ChainSettings chain, Duration batchBound) {
        return Map.of(
                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                config.bootstrapServers(),
                ConsumerConfig.GROUP_ID_CONFIG,
                Relayer.groupId(config.applicationId(), chain),
                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                "read_committed",
                ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
                false,
                ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
                "earliest",
                ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG,
                (int) Math.min(Integer.MAX_VALUE, batchBound.toMillis()),
                // The relayer runs where the chain's lease is; after a crash the lease moves once this session
                // timeout has passed, and the dead relayer's membership must not hold the next one back longer.
                ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG,
                (int) config.leaseSessionTimeout().toMillis(),
                ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG,
                (int) config.leaseSessionTimeout().dividedBy(5).toMillis(),
                ConsumerConfig.CLIENT_ID_CONFIG,
                Relayer.groupId(config.applicationId(), chain));
    }

    static Map<String, Object> producerProperties(ChainIndexerSettings config, ChainSettings chain) {
        return Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                config.bootstrapServers(),
                ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                true,
                ProducerConfig.ACKS_CONFIG,
                "all",
                ProducerConfig.LINGER_MS_CONFIG,
                0,
                ProducerConfig.CLIENT_ID_CONFIG,
                Relayer.groupId(config.applicationId(), chain) + "-results");
    }
}
