package io.abk.billing.chain.follow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.abk.billing.contracts.AuthorizationNonce;
import io.abk.billing.contracts.ChargeId;
import io.abk.billing.contracts.Eip3009;
import io.abk.billing.contracts.Eip712Domain;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.PermitTokenAbi;
import io.abk.billing.contracts.Signatures;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.TokenTransfer;
import io.abk.billing.schemas.avro.VaultCanceled;
import io.abk.billing.schemas.avro.VaultCharged;
import io.abk.billing.schemas.avro.VaultRefunded;
import io.abk.billing.schemas.avro.VaultSubscribed;
import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.web3j.utils.Numeric;

/**
 * The follower against a real anvil and a real broker, read back as downstream reads it (read_committed). Each
 * test has its own anvil and its own chain id on the shared broker.
 */
class ChainFollowerIT extends FollowerBrokerFixture {

    private static final AtomicLong CHAIN_IDS = new AtomicLong(31_337_000);

    @Test
    void shouldPublishAWatchedTransferOnlyOnceConfirmedAndEveryVaultEvent() throws Exception {
        long chainId = CHAIN_IDS.incrementAndGet();
        var payee = watchedPayee();
        try (var chain = new FollowedChain();
                var log = new TransferLog(broker, chainId);
                var follower = startedFollower(chain.settings(chainId, 3))) {
            // Given a transfer to the watched payee, one between strangers, and a subscription's whole life
            var paid = chain.transfer(chain.customer, payee, 5_000_000);
            chain.transfer(chain.stranger, FollowedChain.address(chain.merchant), 7_000_000);
            chain.vaultLifecycle();
            long head = chain.node.blockNumber();

            // When the follower has read every block that is 3 deep: the last vault events are not yet
            await().atMost(PATIENCE).until(() -> follower.nextBlock() == head - 3 + 1);
            assertThat(kinds(log.values())).doesNotContain(VaultCanceled.class);

            // Then once 3 more blocks are mined, each followed log is there once, and nothing else
            chain.node.mine(3);
            await().atMost(PATIENCE).until(() -> log.values().size() >= 5);
            await().during(Duration.ofMillis(500))
                    .atMost(PATIENCE)
                    .until(() -> log.values().size() == 5);
            var published = log.values();
            // Two partitions: keys (one per log) spread over them, so only the set is compared.
            assertThat(kinds(published))
                    .containsExactlyInAnyOrder(
                            TokenTransfer.class,
                            VaultSubscribed.class,
                            VaultCharged.class,
                            VaultRefunded.class,
                            VaultCanceled.class);
            var transfer = published.stream()
                    .filter(r -> r.getPayload() instanceof TokenTransfer)
                    .findFirst()
                    .orElseThrow();
            assertThat(transfer.getTxHash()).isEqualTo(paid.getTransactionHash());
            assertThat(transfer.getBlockNumber())
                    .isEqualTo(paid.getBlockNumber().longValueExact());
            assertThat(transfer.getRetracted()).isFalse();
            var payload = (TokenTransfer) transfer.getPayload();
            assertThat(payload.getTo()).isEqualTo(payee);
            assertThat(payload.getFrom()).isEqualTo(FollowedChain.address(chain.customer));
            assertThat(payload.getAmountBaseUnits()).isEqualTo("5000000");
            assertThat(log.records())
                    .extracting(r -> r.key())
                    .contains(chainId + ":" + paid.getTransactionHash() + ":"
                            + paid.getLogs().getFirst().getLogIndex());
            assertThat(published)
                    .allMatch(record -> record.getContract().equals(chain.token())
                            || record.getContract().equals(chain.vault()));
        }
    }

    @Test
    void shouldMarkOnlyTheVaultsTransferWhenACustomersChargeAndOwnTransferAreMinedInOneBlock() throws Exception {
        // Protects against a subscription's charge paying a one-time payment: the charge's USDC transfer, from the same
        // customer to the same payout address, is marked by its transaction, not by which claim wins downstream.
        long chainId = CHAIN_IDS.incrementAndGet();
        var payee = watchedPayee();
        try (var chain = new FollowedChain();
                var log = new TransferLog(broker, chainId);
                var follower = startedFollower(chain.settings(chainId, 1))) {
            // Given a vault subscription of the customer paying the watched payee
            var amount = BigInteger.valueOf(10_000_000);
            var ref = chain.subscribe(payee, amount);

            // When the relayer's charge and the customer's own transfer to the payee are mined in one block
            chain.node.setAutomine(false);
            String charge;
            String own;
            try {
                charge = chain.sendUnmined(
                        chain.relayer,
                        chain.vault(),
                        SubscriptionVaultAbi.charge(ref, amount, ChargeId.of("inv_" + UUID.randomUUID())));
                own = chain.sendUnmined(chain.customer, chain.token(), Erc20Abi.transfer(payee, amount));
                chain.node.mine(1);
            } finally {
                chain.node.setAutomine(true);
            }
            chain.node.mine(1); // that block one deep

            // Then both transfers are published from that block, and only the charge's says the vault moved it
            await().atMost(PATIENCE).until(() -> transfersOf(log, charge, own).size() == 2);
            var transfers = transfersOf(log, charge, own);
            assertThat(transfers)
                    .extracting(ChainTransfer::getBlockNumber)
                    .containsOnly(transfers.getFirst().getBlockNumber());
            assertThat(transfers)
                    .extracting(t -> t.getTxHash() + "=" + ((TokenTransfer) t.getPayload()).getViaVault())
                    .containsExactlyInAnyOrder(charge + "=true", own + "=false");
            assertThat(log.values())
                    .filteredOn(t -> t.getPayload() instanceof VaultCharged)
                    .extracting(ChainTransfer::getTxHash)
                    .containsExactly(charge);
        }
    }

    @Test
    void shouldNeverPublishATransferReorgedOutBeforeItWasDeepEnough() throws Exception {
        long chainId = CHAIN_IDS.incrementAndGet();
        var payee = watchedPayee();
        try (var chain = new FollowedChain();
                var log = new TransferLog(broker, chainId);
                var follower = startedFollower(chain.settings(chainId, 3))) {
            // Given a transfer to the payee, two blocks deep: not confirmed yet
            var gone = chain.transfer(chain.customer, payee, 1_000_000);
            chain.node.mine(1);
            // When the two newest blocks are replaced by empty ones, and the chain grows well past the depth
            chain.node.reorg(2);
            long reorgedAt = gone.getBlockNumber().longValueExact();
            chain.node.mine(6);
            var kept = chain.transfer(chain.customer, payee, 2_000_000);
            chain.node.mine(3);

            // Then only the transfer that stayed on the chain is published
            await().atMost(PATIENCE).until(() -> !log.values().isEmpty());
            // The cursor moves just after the transaction commits, so a reader can see the record a moment first.
            await().atMost(PATIENCE).until(() -> follower.nextBlock() > reorgedAt);
            assertThat(log.values()).extracting(ChainTransfer::getTxHash).containsExactly(kept.getTransactionHash());
        }
    }

    @Test
    void shouldRetractATransferReorgedOutAfterItWasPublished() throws Exception {
        long chainId = CHAIN_IDS.incrementAndGet();
        var payee = watchedPayee();
        try (var chain = new FollowedChain();
                var log = new TransferLog(broker, chainId);
                var follower = startedFollower(chain.settings(chainId, 2))) {
            // Given a transfer published once 2 deep
            var paid = chain.transfer(chain.customer, payee, 3_000_000);
            chain.node.mine(2);
            await().atMost(PATIENCE).until(() -> log.values().size() == 1);

            // When a reorg 5 deep replaces its block with an empty one
            chain.node.reorg(5);

            // Then the same record is published again, retracted, and the follower goes on
            var records = awaitRetraction(log, paid);
            assertThat(records.get(1).value().getBlockHash())
                    .isEqualTo(records.get(0).value().getBlockHash());
            var again = chain.transfer(chain.customer, payee, 4_000_000);
            chain.node.mine(2);
            await().atMost(PATIENCE).until(() -> log.values().size() == 3);
            assertThat(log.values().get(2).getTxHash()).isEqualTo(again.getTransactionHash());
            assertThat(follower.isRunning()).isTrue();
        }
    }

    @Test
    void shouldPublishTheNonceOfTheAuthorizationThatMovedATransferAndRetractItWithIt() throws Exception {
        // Protects the exact match of a signed payment: the token's AuthorizationUsed names it on chain.transfers.
        long chainId = CHAIN_IDS.incrementAndGet();
        var payee = watchedPayee();
        try (var chain = new FollowedChain();
                var log = new TransferLog(broker, chainId);
                var follower = startedFollower(chain.settings(chainId, 2))) {
            // Given the customer's EIP-3009 transfer to the payee, signed by the customer and sent by the relayer
            var nonce = AuthorizationNonce.of("pay_" + UUID.randomUUID());
            var value = BigInteger.valueOf(2_000_000);
            var validBefore =
                    BigInteger.valueOf(chain.node.latestBlockTimestamp().getEpochSecond() + 3600);
            var domain = new Eip712Domain(
                    PermitTokenAbi.decodeString(chain.tx.call(chain.token(), PermitTokenAbi.name())),
                    PermitTokenAbi.decodeString(chain.tx.call(chain.token(), PermitTokenAbi.version())),
                    chain.node.chainId(),
                    chain.token());
            var customer = FollowedChain.address(chain.customer);
            var signature = Signatures.sign(
                    Eip3009.transferWithAuthorization(
                                    domain, customer, payee, value, BigInteger.ZERO, validBefore, nonce)
                            .digest(),
                    Numeric.toHexStringNoPrefixZeroPadded(
                            chain.customer.getEcKeyPair().getPrivateKey(), 64));
            var paid = chain.tx.send(
                    chain.relayer,
                    chain.token(),
                    PermitTokenAbi.transferWithAuthorization(
                            customer, payee, value, BigInteger.ZERO, validBefore, nonce, signature));

            // When it is 2 deep, then taken back by a reorg
            chain.node.mine(2);
            await().atMost(PATIENCE).until(() -> log.values().size() == 1);
            var published = (TokenTransfer) log.values().getFirst().getPayload();
            chain.node.reorg(5);

            // Then the transfer was published with the nonce, and retracted as the same record
            assertThat(published.getAuthorizationNonce()).isEqualTo(nonce);
            assertThat(published.getFrom()).isEqualTo(customer);
            var records = awaitRetraction(log, paid);
            assertThat(records.get(1).value().getPayload())
                    .isEqualTo(records.get(0).value().getPayload());
            assertThat(follower.isRunning()).isTrue();
        }
    }

    @Test
    void shouldPublishEachLogOnceAcrossACloseAndATakeover() throws Exception {
        long chainId = CHAIN_IDS.incrementAndGet();
        var payee = watchedPayee();
        int transfers = 60;
        int later = 10;
        try (var chain = new FollowedChain();
                var log = new TransferLog(broker, chainId)) {
            for (int i = 0; i < transfers; i++) {
                chain.transfer(i % 2 == 0 ? chain.customer : chain.stranger, payee, 1_000 + i);
            }
            chain.node.mine(1); // the last transfer's block one deep too
            // Two blocks per transaction, so that there are many transactions to stop between.
            var settings = new FollowerSettings(
                    chainId,
                    chain.settings(chainId, 1).mode(),
                    List.of(chain.node.rpcUrl()),
                    1,
                    chain.settings(chainId, 1).tokens(),
                    chain.vault(),
                    0,
                    Duration.ofMillis(50),
                    2,
                    2,
                    16,
                    null);
            // When a first follower is closed mid-stream
            try (var first = ChainFollower.create(settings, broker.bootstrapServers())) {
                first.start();
                await().atMost(PATIENCE).until(() -> log.values().size() >= 15);
            }
            // and a second is taken over by a third while it publishes (fenced: its open transaction is aborted)
            var second = ChainFollower.create(settings, broker.bootstrapServers());
            second.start();
            await().atMost(PATIENCE).until(() -> log.values().size() >= 35);
            try (var third = ChainFollower.create(settings, broker.bootstrapServers())) {
                third.start();
                // The third has taken over once it has its transactional producer (which fences the second's) and
                // has read the checkpoint: only blocks mined after that reach the second as a fenced transaction.
                await().atMost(PATIENCE).until(() -> third.nextBlock() >= 0);
                // An idle fenced follower learns it was fenced at its next transaction: give both new blocks.
                for (int i = 0; i < later; i++) {
                    chain.transfer(chain.customer, payee, 2_000 + i);
                }
                chain.node.mine(1);
                await().atMost(PATIENCE).until(() -> !second.isRunning());
                // Stopped for good, and restartable: a supervisor would start a new one once it holds the chain.
                // Fencing usually surfaces as the takeover itself; when the third's InitProducerId races the
                // second's EndTxn, the broker answers that EndTxn with UNKNOWN_SERVER_ERROR instead (transactions
                // v2), which the follower reports as a publishing failure. Either way its transaction is aborted.
                assertThat(second.stop()).hasValueSatisfying(stop -> {
                    assertThat(stop.lasting()).isFalse();
                    assertThat(stop.reason()).containsAnyOf("took over", "publishing failed");
                });
                second.close();

                // Then every transfer is on the topic exactly once
                await().atMost(PATIENCE).until(() -> log.values().size() >= transfers + later);
                await().during(Duration.ofMillis(500))
                        .atMost(PATIENCE)
                        .until(() -> log.values().size() == transfers + later);
                assertThat(log.records())
                        .extracting(r -> r.key())
                        .doesNotHaveDuplicates()
                        .hasSize(transfers + later);
            }
        }
    }

    @Test
    void shouldFailOverToTheNextRpcUrlWhenTheFirstIsDown() throws Exception {
        long chainId = CHAIN_IDS.incrementAndGet();
        var payee = watchedPayee();
        try (var chain = new FollowedChain();
                var log = new TransferLog(broker, chainId);
                var follower = startedFollower(chain.settings(
                        chainId,
                        1,
                        List.of("http://127.0.0.1:" + closedPort() + "/v2/secret-key", chain.node.rpcUrl())))) {
            var paid = chain.transfer(chain.customer, payee, 6_000_000);
            chain.node.mine(1);

            await().atMost(PATIENCE).until(() -> log.values().size() == 1);
            assertThat(log.values().getFirst().getTxHash()).isEqualTo(paid.getTransactionHash());
        }
    }

    @Test
    void shouldShrinkTheRangeWhenTheProviderRefusesItAsTooLarge() throws Exception {
        long chainId = CHAIN_IDS.incrementAndGet();
        var payee = watchedPayee();
        try (var chain = new FollowedChain();
                var log = new TransferLog(broker, chainId);
                var proxy = new RangeLimitingProxy(chain.node.rpcUrl(), 3)) {
            // Given a provider that answers eth_getLogs over 3 blocks at most, and a follower starting at 8
            var paid = List.of(chain.transfer(chain.customer, payee, 1), chain.transfer(chain.customer, payee, 2));
            chain.node.mine(12);
            try (var follower = startedFollower(chain.settings(chainId, 1, List.of(proxy.url())))) {

                // Then it halves its range until the provider answers, and still publishes everything
                await().atMost(PATIENCE).until(() -> log.values().size() == 2);
                assertThat(log.values())
                        .extracting(ChainTransfer::getTxHash)
                        .containsExactlyInAnyOrderElementsOf(
                                paid.stream().map(r -> r.getTransactionHash()).toList());
                assertThat(proxy.refused()).isPositive();
                assertThat(follower.isRunning()).isTrue();
            }
        }
    }

    /** The token transfers published so far of the transactions {@code txHashes}. */
    private static List<ChainTransfer> transfersOf(TransferLog log, String... txHashes) {
        var wanted = List.of(txHashes);
        return log.values().stream()
                .filter(t -> t.getPayload() instanceof TokenTransfer && wanted.contains(t.getTxHash()))
                .toList();
    }

    private static List<Class<?>> kinds(List<ChainTransfer> records) {
        return records.stream()
                .<Class<?>>map(record -> record.getPayload().getClass())
                .toList();
    }

    private static int closedPort() throws IOException {
        try (var socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
