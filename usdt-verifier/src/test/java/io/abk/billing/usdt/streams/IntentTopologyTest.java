package io.abk.billing.usdt.streams;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.TokenTransfer;
import io.abk.billing.schemas.avro.UsdtAddressBook;
import io.abk.billing.schemas.avro.UsdtAddressCommand;
import io.abk.billing.schemas.avro.UsdtCommandOutcome;
import io.abk.billing.schemas.avro.UsdtEvent;
import io.abk.billing.schemas.avro.UsdtIntentAggregate;
import io.abk.billing.schemas.avro.UsdtIntentCommand;
import io.abk.billing.schemas.avro.UsdtPollTransfers;
import io.abk.billing.schemas.avro.UsdtWatchedAddress;
import io.abk.billing.schemas.serde.AvroSerde;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.streamskit.config.StreamsProperties;
import io.abk.billing.usdt.domain.intent.IntentCommand;
import io.abk.billing.usdt.domain.intent.IntentPolicy;
import io.abk.billing.usdt.domain.match.IntentTerms;
import io.abk.billing.usdt.domain.match.MatchPolicy;
import io.abk.billing.usdt.domain.match.MatchStrategy;
import io.abk.billing.usdt.domain.match.SandboxScenario;
import io.abk.billing.usdt.domain.match.TxEvidence;
import io.abk.billing.usdt.domain.money.UsdtAmount;
import io.abk.billing.usdt.render.UsdtJson;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The production topology with the production Streams settings in a TopologyTestDriver with a pinned wall clock, on
 * a chain (its USDT set, as outside the sandbox). The driver feeds what the topology writes to usdt.intent-commands
 * and usdt.address-commands (claim answers, poll confirms, address-book changes, polls of published transfers) and
 * the repartition back in, so a confirm runs its whole path here.
 */
class IntentTopologyTest {

    private static final Instant WALL_CLOCK = Instant.parse("2026-05-01T00:00:00Z");
    private static final long CHAIN_ID = 31337;
    private static final IntentPolicy POLICY =
            new IntentPolicy(Duration.ofHours(1), new MatchPolicy(3, new BigDecimal("1")));
    private static final String PAY_TO = "0x00000000000000000000000000000000000000aa";
    private static final IntentTerms TERMS =
            new IntentTerms(UsdtAmount.parsePositive(new BigDecimal("12.5")), PAY_TO, MatchStrategy.EXACT);
    private static final String TX = "0x" + "ab".repeat(32);
    private static final String USDT = "0x" + "d7".repeat(20);
    private static final IntentTopology.Settings SETTINGS =
            new IntentTopology.Settings(POLICY, CHAIN_ID, new IntentTopology.ChainToken(USDT, 6));

    @TempDir
    Path stateDir;

    private TopologyTestDriver driver;
    private TestInputTopic<String, UsdtIntentCommand> commands;
    private TestInputTopic<String, UsdtAddressCommand> addressCommands;
    private TestOutputTopic<String, UsdtCommandOutcome> outcomes;
    private TestOutputTopic<String, UsdtEvent> events;
    private TestInputTopic<String, ChainTransfer> transfers;
    private TestOutputTopic<String, UsdtWatchedAddress> watched;
    private int sequence;

    @BeforeEach
    void start() {
        var props = StreamsProperties.exactlyOnce(
                "unused:9092", "usdt-verifier", stateDir, Duration.ofMillis(30), KafkaClientSecurity.PLAINTEXT);
        driver = new TopologyTestDriver(IntentTopology.build(Deployment.DEFAULT, SETTINGS, props), props, WALL_CLOCK);
        var commandTopic = Topics.USDT_INTENT_COMMANDS;
        commands = driver.createInputTopic(
                commandTopic.name(Deployment.DEFAULT),
                new StringSerializer(),
                commandTopic.valueSerde().serializer());
        var addressTopic = Topics.USDT_ADDRESS_COMMANDS;
        addressCommands = driver.createInputTopic(
                addressTopic.name(Deployment.DEFAULT),
                new StringSerializer(),
                addressTopic.valueSerde().serializer());
        outcomes = driver.createOutputTopic(
                Topics.USDT_COMMAND_OUTCOMES.name(Deployment.DEFAULT),
                Topics.USDT_COMMAND_OUTCOMES.keySerde().deserializer(),
                Topics.USDT_COMMAND_OUTCOMES.valueSerde().deserializer());
        events = driver.createOutputTopic(
                Topics.USDT_EVENTS.name(Deployment.DEFAULT),
                Topics.USDT_EVENTS.keySerde().deserializer(),
                Topics.USDT_EVENTS.valueSerde().deserializer());
        transfers = driver.createInputTopic(
                Topics.CHAIN_TRANSFERS.name(Deployment.DEFAULT),
                new StringSerializer(),
                Topics.CHAIN_TRANSFERS.valueSerde().serializer());
        watched = driver.createOutputTopic(
                Topics.USDT_WATCHED_ADDRESSES.name(Deployment.DEFAULT),
                Topics.USDT_WATCHED_ADDRESSES.keySerde().deserializer(),
                Topics.USDT_WATCHED_ADDRESSES.valueSerde().deserializer());
    }

    @AfterEach
    void stop() {
        driver.close();
    }

    private String send(IntentCommand command) {
        commands.pipeInput(command.intentId(), IntentRecords.envelope(command, "req_test"));
        return command.commandId();
    }

    private String create(String intentId) {
        return send(new IntentCommand.Create(intentId, "cmd_" + (++sequence), WALL_CLOCK, "order-" + intentId, TERMS));
    }

    private String confirm(String intentId, String txHash) {
        return send(new IntentCommand.Confirm(
                intentId, "cmd_" + (++sequence), WALL_CLOCK.plusSeconds(10), SandboxScenario.evidence(txHash)));
    }

    private Map<String, UsdtCommandOutcome> outcomes() {
        return outcomes.readValuesToList().stream()
                .collect(Collectors.toMap(UsdtCommandOutcome::getCommandId, o -> o, (a, b) -> b));
    }

    @Test
    void shouldConfirmThroughTheClaimAndPublishOneEventWhenATransactionMatches() {
        create("pi_a");
        var confirmId = confirm("pi_a", TX);

        var seen = outcomes();
        var pending = seen.get(confirmId);
        assertThat(pending.getAccepted()).isTrue();
        assertThat(pending.getFollowUps()).containsExactly(confirmId + ":claim");
        var answer = seen.get(confirmId + ":claim");
        assertThat(answer.getAccepted()).isTrue();
        assertThat(answer.getIntent().getStatus()).isEqualTo("confirmed");
        assertThat(answer.getIntent().getTxHash()).isEqualTo(TX);
        var published = events.readKeyValuesToList();
        assertThat(published).hasSize(1);
        assertThat(published.getFirst().key).isEqualTo("pi_a");
        var event = published.getFirst().value;
        assertThat(answer.getEventBody()).isEqualTo(event.getBody());
        var body = UsdtJson.parse(event.getBody());
        assertThat(body.get("type").asString()).isEqualTo("payment.confirmed");
        assertThat(body.get("data").get("intent").get("amountUsdt").decimalValue())
                .isEqualByComparingTo("12.5");
        assertThat(body.get("data").get("transaction").get("chainId").asLong()).isEqualTo(CHAIN_ID);
    }

    @Test
    void shouldAnswerWithTheFirstResultAndPublishNothingWhenConfirmedAgain() {
        create("pi_a");
        var first = confirm("pi_a", TX);
        var firstBody = outcomes().get(first + ":claim").getEventBody();
        events.readValuesToList();

        var again = confirm("pi_a", TX);
        var other = confirm("pi_a", "0x" + "cd".repeat(32));

        var seen = outcomes();
        for (var id : List.of(again, other)) {
            assertThat(seen.get(id).getAccepted()).isTrue();
            assertThat(seen.get(id).getFollowUps()).isEmpty();
            assertThat(seen.get(id).getEventBody()).isEqualTo(firstBody);
        }
        assertThat(events.isEmpty()).isTrue();
    }

    @Test
    void shouldRefuseAsAlreadyUsedWhenTheTransactionConfirmedAnotherIntent() {
        create("pi_a");
        create("pi_b");
        confirm("pi_a", TX);
        var second = confirm("pi_b", TX);

        var refused = outcomes().get(second + ":claim");
        assertThat(refused.getAccepted()).isFalse();
        assertThat(refused.getRejection().getCode()).isEqualTo("tx_already_used");
        assertThat(refused.getIntent().getStatus()).isEqualTo("open");
        assertThat(events.readValuesToList()).extracting(UsdtEvent::getIntentId).containsExactly("pi_a");

        // pi_b is open again: another transaction confirms it.
        var third = confirm("pi_b", "0x" + "ef".repeat(32));
        assertThat(outcomes().get(third + ":claim").getIntent().getStatus()).isEqualTo("confirmed");
    }

    @Test
    void shouldRefuseWithTheOutcomeWhenTheTransactionDoesNotMatch() {
        create("pi_a");
        var underpaid = confirm("pi_a", SandboxScenario.UNDERPAID.txHash());

        var refused = outcomes().get(underpaid);
        assertThat(refused.getAccepted()).isFalse();
        assertThat(refused.getRejection().getCode()).isEqualTo("amount_too_low");
        assertThat(refused.getMatch().getOutcome()).isEqualTo("underpaid");
        assertThat(events.isEmpty()).isTrue();
    }

    @Test
    void shouldRefuseAsMissingWhenTheIntentWasNeverCreated() {
        var id = confirm("pi_nobody", TX);

        assertThat(outcomes().get(id).getRejection().getCode()).isEqualTo("resource_missing");
    }

    @Test
    void shouldConfirmTheOpenIntentsOfTheAddressWhenPolledInTheSandbox() {
        create("pi_a");
        create("pi_b");
        confirm("pi_b", TX);
        outcomes();
        events.readValuesToList();

        addressCommands.pipeInput(
                PAY_TO,
                AddressBookRecords.envelope(
                        "cmd_poll",
                        PAY_TO,
                        WALL_CLOCK.plusSeconds(20),
                        null,
                        UsdtPollTransfers.newBuilder()
                                .setSandbox(true)
                                .setObservations(List.of())
                                .build()));

        var seen = outcomes();
        assertThat(seen.get("cmd_poll").getFollowUps()).containsExactly("cmd_poll:pi_a");
        assertThat(seen.get("cmd_poll:pi_a:claim").getIntent().getStatus()).isEqualTo("confirmed");
        assertThat(events.readValuesToList()).extracting(UsdtEvent::getIntentId).containsExactly("pi_a");
    }

    @Test
    void shouldExpireTheIntentWhenItsLifetimeHasPassedOnTheWallClock() {
        create("pi_a");
        outcomes();

        driver.advanceWallClockTime(Duration.ofHours(1).plusSeconds(1));
        var late = send(new IntentCommand.Confirm(
                "pi_a",
                "cmd_late",
                WALL_CLOCK.plusSeconds(30),
                new TxEvidence.Simulated(TX, SandboxScenario.CONFIRMED)));

        var refused = outcomes().get(late);
        assertThat(refused.getRejection().getCode()).isEqualTo("intent_expired");
        assertThat(refused.getIntent().getStatus()).isEqualTo("expired");
        // Expired, it left its address's book: a poll no longer finds it.
        addressCommands.pipeInput(
                PAY_TO,
                AddressBookRecords.envelope(
                        "cmd_poll",
                        PAY_TO,
                        WALL_CLOCK,
                        null,
                        UsdtPollTransfers.newBuilder()
                                .setSandbox(true)
                                .setObservations(List.of())
                                .build()));
        assertThat(outcomes().get("cmd_poll").getFollowUps()).isEmpty();
    }

    /** Protects against a real bug: every expired intent was kept for ever. */
    @Test
    void shouldForgetAnExpiredIntentEightDaysAfterItsExpiry() {
        create("pi_a");
        driver.advanceWallClockTime(Duration.ofHours(1).plusSeconds(1));
        driver.advanceWallClockTime(Duration.ofDays(8).minusMinutes(1));
        var kept = confirm("pi_a", TX);
        assertThat(outcomes().get(kept).getRejection().getCode()).isEqualTo("intent_expired");

        driver.advanceWallClockTime(Duration.ofMinutes(2));
        var forgotten = confirm("pi_a", TX);

        assertThat(outcomes().get(forgotten).getRejection().getCode()).isEqualTo("resource_missing");
        assertThat(driver.getKeyValueStore(IntentTopology.INTENTS_STORE).get("pi_a"))
                .isNull();
        try (var due = driver.getKeyValueStore(IntentTopology.EXPIRIES_STORE).all()) {
            assertThat(due.hasNext()).isFalse();
        }
    }

    /** Protects against a real bug: the book of every address ever named by an intent was kept for ever. */
    @Test
    void shouldDeleteTheAddressBookWhenItsLastIntentExpiredUnpaidButKeepOneThatRemembersAUsedHash() {
        var other = "0x00000000000000000000000000000000000000bb";
        create("pi_a");
        send(new IntentCommand.Create(
                "pi_b", "cmd_b", WALL_CLOCK, "order-b", new IntentTerms(TERMS.amount(), other, MatchStrategy.EXACT)));
        confirm("pi_b", TX);
        assertThat(books()).containsOnlyKeys(PAY_TO, other);

        driver.advanceWallClockTime(Duration.ofHours(1).plusSeconds(1));

        assertThat(books()).containsOnlyKeys(other);
        assertThat(books().get(other).getUsedTxHashes()).containsExactly(TX);
    }

    private Map<String, UsdtAddressBook> books() {
        var all = new HashMap<String, UsdtAddressBook>();
        try (var entries = driver.<String, UsdtAddressBook>getKeyValueStore(IntentTopology.ADDRESS_BOOKS_STORE)
                .all()) {
            entries.forEachRemaining(entry -> all.put(entry.key, entry.value));
        }
        return all;
    }

    @Test
    void shouldKeepAConfirmedIntentAndAnswerWithItsFirstConfirmationLongAfterItsExpiry() {
        create("pi_a");
        var first = confirm("pi_a", TX);
        var firstBody = outcomes().get(first + ":claim").getEventBody();
        events.readValuesToList();

        driver.advanceWallClockTime(Duration.ofDays(60));
        var again = confirm("pi_a", TX);

        assertThat(outcomes().get(again).getEventBody()).isEqualTo(firstBody);
        assertThat(events.isEmpty()).isTrue();
        UsdtIntentAggregate stored = driver.<String, UsdtIntentAggregate>getKeyValueStore(IntentTopology.INTENTS_STORE)
                .get("pi_a");
        // The size the docs state for a kept intent (about 0.4 KB measured).
        assertThat(AvroSerde.of(UsdtIntentAggregate.class).serializer().serialize("intents", stored))
                .hasSizeLessThan(1024);
    }

    @Test
    void shouldPublishATestEventWhenTriggered() {
        var id = send(new IntentCommand.TriggerTestEvent(
                "pi_test", "cmd_test", WALL_CLOCK, "test_event", TERMS, SandboxScenario.CONFIRMED.txHash()));

        var outcome = outcomes().get(id);
        assertThat(outcome.getAccepted()).isTrue();
        var event = events.readValuesToList().getFirst();
        assertThat(event.getTest()).isTrue();
        assertThat(outcome.getEventBody()).isEqualTo(event.getBody());
        assertThat(UsdtJson.parse(event.getBody()).get("test").asBoolean()).isTrue();
    }

    @Test
    void shouldWatchTheAddressWithItsFirstOpenIntentAndTombstoneItWithItsLast() {
        create("pi_a");
        var first = watched.readKeyValuesToList();
        create("pi_b");
        confirm("pi_a", TX);
        var whileOneIsOpen = watched.readKeyValuesToList();
        confirm("pi_b", "0x" + "cd".repeat(32));

        assertThat(first).singleElement().satisfies(watch -> {
            assertThat(watch.key).isEqualTo(PAY_TO);
            assertThat(watch.value.getAddress()).isEqualTo(PAY_TO);
            assertThat(watch.value.getChainId()).isEqualTo(CHAIN_ID);
            assertThat(watch.value.getTokenAddress()).isEqualTo(USDT);
            assertThat(watch.value.getSince()).isEqualTo(WALL_CLOCK);
        });
        assertThat(whileOneIsOpen).isEmpty();
        assertThat(watched.readKeyValuesToList()).singleElement().satisfies(tombstone -> {
            assertThat(tombstone.key).isEqualTo(PAY_TO);
            assertThat(tombstone.value).isNull();
        });
    }

    @Test
    void shouldConfirmTheIntentWithoutAPollWhenTheIndexerPublishesATransferThatPaysIt() {
        create("pi_a");
        outcomes();

        publish(transfer(TX, "12500000"), WALL_CLOCK.plusSeconds(30));

        var published = events.readValuesToList();
        assertThat(published).singleElement().satisfies(event -> {
            assertThat(event.getIntentId()).isEqualTo("pi_a");
            assertThat(event.getIntent().getStatus()).isEqualTo("confirmed");
            assertThat(event.getIntent().getConfirmedAt()).isEqualTo(WALL_CLOCK.plusSeconds(30));
            assertThat(event.getTransaction().getTxHash()).isEqualTo(TX);
            assertThat(event.getTransaction().getReceivedUsdt()).isEqualTo("12.5");
            assertThat(event.getTransaction().getBlockNumber()).isEqualTo(100);
        });
        assertThat(watched.readKeyValuesToList())
                .extracting(watch -> watch.value)
                .containsExactly(watched(), null);
    }

    @Test
    void shouldConfirmOnceWhenAPollAndTheIndexerBothSeeTheTransfer() {
        // The same transfer read by POST /v1/payments/poll and published by the indexer, in either order.
        create("pi_a");
        create("pi_b");
        var otherTx = "0x" + "ce".repeat(32);
        poll("cmd_poll_a", TX);
        publish(transfer(TX, "12500000"), WALL_CLOCK.plusSeconds(30));
        publish(transfer(otherTx, "12500000"), WALL_CLOCK.plusSeconds(40));
        poll("cmd_poll_b", otherTx);

        assertThat(events.readValuesToList())
                .extracting(UsdtEvent::getIntentId, e -> e.getTransaction().getTxHash())
                .containsExactlyInAnyOrder(
                        org.assertj.core.groups.Tuple.tuple("pi_a", TX),
                        org.assertj.core.groups.Tuple.tuple("pi_b", otherTx));
        var seen = outcomes();
        assertThat(seen.get("cmd_poll_a").getFollowUps()).containsExactly("cmd_poll_a:pi_a");
        assertThat(seen.get("cmd_poll_b").getFollowUps())
                .as("the indexer's poll confirmed it first")
                .isEmpty();
    }

    @Test
    void shouldPayEachIntentOfOneAmountWithItsOwnTransferWhenTheIndexerPublishesThemTogether() {
        create("pi_a");
        create("pi_b");

        publish(transfer(TX, "12500000"), WALL_CLOCK.plusSeconds(30));
        publish(transfer("0x" + "ce".repeat(32), "12500000"), WALL_CLOCK.plusSeconds(30));

        assertThat(events.readValuesToList()).extracting(UsdtEvent::getIntentId).containsExactly("pi_a", "pi_b");
    }

    @Test
    void shouldConfirmNothingWithARetractionAnotherChainAnotherTokenOrTooLittle() {
        create("pi_a");

        publish(
                ChainTransfer.newBuilder(transfer(TX, "12500000"))
                        .setRetracted(true)
                        .build(),
                WALL_CLOCK);
        publish(
                ChainTransfer.newBuilder(transfer(TX, "12500000"))
                        .setChainId(CHAIN_ID + 1)
                        .build(),
                WALL_CLOCK);
        publish(
                ChainTransfer.newBuilder(transfer(TX, "12500000"))
                        .setContract("0x" + "aa".repeat(20))
                        .build(),
                WALL_CLOCK);
        publish(transfer(TX, "12000000"), WALL_CLOCK);

        assertThat(events.isEmpty()).isTrue();
        assertThat(outcomes().values())
                .extracting(UsdtCommandOutcome::getFollowUps)
                .containsOnly(List.of());
    }

    @Test
    void shouldNeitherWatchNorReadChainTransfersInTheSandbox() {
        var props = StreamsProperties.exactlyOnce(
                "unused:9092", "usdt-verifier", stateDir, Duration.ofMillis(30), KafkaClientSecurity.PLAINTEXT);
        var sandbox = new IntentTopology.Settings(POLICY, CHAIN_ID);

        var description = IntentTopology.build(Deployment.DEFAULT, sandbox, props)
                .describe()
                .toString();

        assertThat(description)
                .doesNotContain(
                        Topics.CHAIN_TRANSFERS.name(Deployment.DEFAULT),
                        Topics.USDT_WATCHED_ADDRESSES.name(Deployment.DEFAULT));
        assertThat(IntentTopology.topics(sandbox))
                .doesNotContain(Topics.CHAIN_TRANSFERS, Topics.USDT_WATCHED_ADDRESSES);
        assertThat(IntentTopology.build(Deployment.DEFAULT, SETTINGS, props)
                        .describe()
                        .toString())
                .contains(
                        Topics.CHAIN_TRANSFERS.name(Deployment.DEFAULT),
                        Topics.USDT_WATCHED_ADDRESSES.name(Deployment.DEFAULT));
    }

    @Test
    void shouldOfferAnotherTransactionToAnIntentWhoseClaimOfTheOfferedOneWasRefused() {
        // Protects against an intent kept from every later transaction by an offer whose claim was refused.
        send(new IntentCommand.Create(
                "pi_x",
                "cmd_x",
                WALL_CLOCK,
                "order-x",
                new IntentTerms(TERMS.amount(), "0x00000000000000000000000000000000000000bb", MatchStrategy.EXACT)));
        confirm("pi_x", TX);
        create("pi_a");
        poll("cmd_poll_1", TX);
        var refused = outcomes().get("cmd_poll_1:pi_a:claim");

        poll("cmd_poll_2", "0x" + "ce".repeat(32));

        assertThat(refused.getRejection().getCode()).isEqualTo("tx_already_used");
        assertThat(outcomes().get("cmd_poll_2:pi_a:claim").getIntent().getStatus())
                .isEqualTo("confirmed");
    }

    /** A USDT transfer of {@code baseUnits} to PAY_TO in block 100, mined 5 s after the wall clock's start. */
    private static ChainTransfer transfer(String txHash, String baseUnits) {
        return ChainTransfer.newBuilder()
                .setChainId(CHAIN_ID)
                .setMode(io.abk.billing.schemas.avro.Mode.TEST)
                .setBlockNumber(100)
                .setBlockHash("0x" + "0b".repeat(32))
                .setBlockTimestamp(WALL_CLOCK.plusSeconds(5))
                .setTxHash(txHash)
                .setLogIndex(3)
                .setContract(USDT)
                .setRetracted(false)
                .setPayload(TokenTransfer.newBuilder()
                        .setFrom("0x" + "0c".repeat(20))
                        .setTo(PAY_TO)
                        .setAmountBaseUnits(baseUnits)
                        .setDecimals(6)
                        .setSymbol("USDT")
                        .build())
                .build();
    }

    private void publish(ChainTransfer transfer, Instant at) {
        transfers.pipeInput(
                transfer.getChainId() + ":" + transfer.getTxHash() + ":" + transfer.getLogIndex(), transfer, at);
    }

    /** A poll as POST /v1/payments/poll sends it, having read {@code txHash} 5 blocks deep. */
    private void poll(String commandId, String txHash) {
        var observation = new io.abk.billing.usdt.domain.match.TxObservation(
                txHash,
                io.abk.billing.usdt.domain.match.TxStatus.MINED,
                100,
                WALL_CLOCK.plusSeconds(5),
                5,
                6,
                List.of(new io.abk.billing.usdt.domain.match.ObservedTransfer(
                        3, "0x" + "0c".repeat(20), PAY_TO, java.math.BigInteger.valueOf(12_500_000))));
        addressCommands.pipeInput(
                PAY_TO,
                AddressBookRecords.envelope(
                        commandId,
                        PAY_TO,
                        WALL_CLOCK.plusSeconds(20),
                        null,
                        UsdtPollTransfers.newBuilder()
                                .setSandbox(false)
                                .setFromBlock(90)
                                .setToBlock(105)
                                .setObservations(List.of(MatchRecords.observation(observation)))
                                .build()));
    }

    private static UsdtWatchedAddress watched() {
        return UsdtWatchedAddress.newBuilder()
                .setAddress(PAY_TO)
                .setChainId(CHAIN_ID)
                .setTokenAddress(USDT)
                .setSince(WALL_CLOCK)
                .build();
    }
}
