package io.abk.billing.chain.follow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.abk.billing.chain.domain.follow.FollowedToken;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.TokenTransfer;
import io.abk.billing.schemas.mode.Mode;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The follower of a chain with USDT configured, against a real anvil (a second test token stands for USDT) and a real
 * broker: USDT transfers reach chain.transfers only for the pay-to addresses usdt-verifier watches on that chain and
 * token, beside the USDC ones, with the same depth and retractions. Each test has its own anvil and chain id.
 */
class UsdtFollowingIT extends FollowerBrokerFixture {

    private static final AtomicLong CHAIN_IDS = new AtomicLong(31_338_000);

    @Test
    void shouldPublishUsdtOnlyToThePayToAddressesWatchedForItsChainAndToken() throws Exception {
        long chainId = CHAIN_IDS.incrementAndGet();
        try (var chain = new FollowedChain();
                var log = new TransferLog(broker, chainId)) {
            // Given a USDT pay-to address watched for this chain and token, one watched for another chain, one for
            // another token, and a USDC payout address
            var usdt = chain.deployUsdt();
            var payTo = randomAddress();
            var otherChain = randomAddress();
            var otherToken = randomAddress();
            var payout = randomAddress();
            TransferLog.watchUsdt(broker, payTo, chainId, usdt);
            TransferLog.watchUsdt(broker, otherChain, chainId + 1, usdt);
            TransferLog.watchUsdt(broker, otherToken, chainId, randomAddress());
            TransferLog.watch(broker, payout);
            var settings = chain.settings(chainId, 2).withUsdt(new FollowedToken("USDT", usdt, 6));
            try (var follower = startedFollower(settings)) {

                // When USDT and USDC go to each of them
                var paid = chain.transfer(usdt, chain.customer, payTo, 5_000_000);
                chain.transfer(usdt, chain.customer, payout, 6_000_000);
                chain.transfer(usdt, chain.customer, otherChain, 7_000_000);
                chain.transfer(usdt, chain.customer, otherToken, 8_000_000);
                chain.transfer(chain.customer, payTo, 9_000_000);
                var settled = chain.transfer(chain.customer, payout, 10_000_000);
                chain.node.mine(2);

                // Then only USDT to the pay-to address and USDC to the payout address are published
                await().atMost(PATIENCE).until(() -> log.values().size() >= 2);
                await().during(Duration.ofMillis(500))
                        .atMost(PATIENCE)
                        .until(() -> log.values().size() == 2);
                var byHash = log.values().stream()
                        .collect(java.util.stream.Collectors.toMap(ChainTransfer::getTxHash, record -> record));
                assertThat(byHash).containsOnlyKeys(paid.getTransactionHash(), settled.getTransactionHash());
                var usdtRecord = byHash.get(paid.getTransactionHash());
                assertThat(usdtRecord.getContract()).isEqualTo(usdt);
                assertThat(usdtRecord.getRetracted()).isFalse();
                assertThat(usdtRecord.getPayload()).isInstanceOfSatisfying(TokenTransfer.class, token -> {
                    assertThat(token.getSymbol()).isEqualTo("USDT");
                    assertThat(token.getTo()).isEqualTo(payTo);
                    assertThat(token.getFrom()).isEqualTo(FollowedChain.address(chain.customer));
                    assertThat(token.getAmountBaseUnits()).isEqualTo("5000000");
                    assertThat(token.getDecimals()).isEqualTo(6);
                });
                assertThat(byHash.get(settled.getTransactionHash()).getContract())
                        .isEqualTo(chain.token());
                assertThat(((TokenTransfer)
                                        byHash.get(settled.getTransactionHash()).getPayload())
                                .getSymbol())
                        .isEqualTo("USDC");
            }
        }
    }

    @Test
    void shouldRetractAUsdtTransferReorgedOutAndPublishNoneOnceTheAddressIsNoLongerWatched() throws Exception {
        long chainId = CHAIN_IDS.incrementAndGet();
        try (var chain = new FollowedChain();
                var log = new TransferLog(broker, chainId);
                var watched = WatchedAddresses.start(broker.bootstrapServers(), "usdt-following-it-" + chainId, true)) {
            var usdt = chain.deployUsdt();
            chain.node.mine(5); // so that the reorg below takes back no block of the token's deployment
            var payTo = randomAddress();
            var later = randomAddress();
            TransferLog.watchUsdt(broker, payTo, chainId, usdt);
            TransferLog.watchUsdt(broker, later, chainId, usdt);
            // (the watch list was started before these were sent: the follower skips a transfer to an address its
            // list does not hold yet, so the test waits until it holds both)
            var payingTo = watched.usdtPayTo(chainId, usdt);
            await().atMost(PATIENCE).until(() -> payingTo.test(payTo) && payingTo.test(later));
            var settings = chain.settings(chainId, 2).withUsdt(new FollowedToken("USDT", usdt, 6));
            try (var follower = ChainFollower.create(settings, broker.bootstrapServers(), watched)) {
                follower.start();
                // Given a USDT transfer published once 2 deep
                var paid = chain.transfer(usdt, chain.customer, payTo, 3_000_000);
                chain.node.mine(2);
                await().atMost(PATIENCE).until(() -> log.values().size() == 1);

                // When a reorg 5 deep replaces its block with an empty one
                chain.node.reorg(5);

                // Then the same record is published again, retracted, as a USDC one would be
                var records = awaitRetraction(log, paid);
                assertThat(records.get(1).value().getContract()).isEqualTo(usdt);

                // And once the address's last intent left (a tombstone), its transfers are no longer published
                TransferLog.unwatchUsdt(broker, payTo);
                await().atMost(PATIENCE).until(() -> !payingTo.test(payTo));
                var unwatched = chain.transfer(usdt, chain.customer, payTo, 4_000_000);
                var marker = chain.transfer(usdt, chain.customer, later, 1_000_000);
                chain.node.mine(2);
                await().atMost(PATIENCE).until(() -> log.values().size() == 3);
                assertThat(log.values().get(2).getTxHash()).isEqualTo(marker.getTransactionHash());
                assertThat(log.values())
                        .extracting(ChainTransfer::getTxHash)
                        .doesNotContain(unwatched.getTransactionHash());
                assertThat(follower.isRunning()).isTrue();
            }
        }
    }

    @Test
    void shouldReadNoUsdtWatchListWhenTheChainFollowsNoUsdt() {
        long chainId = CHAIN_IDS.incrementAndGet();
        try (var payoutsOnly = WatchedAddresses.start(broker.bootstrapServers(), "payouts-only-" + chainId)) {
            // A follower without USDT reads chain.watched-addresses alone, as before USDT could be followed
            assertThat(payoutsOnly.topics()).containsExactly(Topics.CHAIN_WATCHED_ADDRESSES.name(Deployment.DEFAULT));
            // and a follower of USDT cannot be given a watch list that does not read the pay-to addresses.
            var withUsdt = new FollowerSettings(
                    chainId,
                    Mode.TEST,
                    List.of("http://127.0.0.1:9"),
                    1,
                    List.of(new FollowedToken("USDC", randomAddress(), 6)),
                    null,
                    0,
                    Duration.ofMillis(50),
                    8,
                    1_000,
                    64,
                    new FollowedToken("USDT", randomAddress(), 6));
            assertThatThrownBy(() -> ChainFollower.create(withUsdt, broker.bootstrapServers(), payoutsOnly))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(Topics.USDT_WATCHED_ADDRESSES.name(Deployment.DEFAULT));
        }
    }
}
