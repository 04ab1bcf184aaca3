package io.abk.billing.schemas.topic;

import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.ChainResult;
import io.abk.billing.schemas.avro.ChainTransfer;
import io.abk.billing.schemas.avro.Change;
import io.abk.billing.schemas.avro.CouponCommand;
import io.abk.billing.schemas.avro.CustomerCommand;
import io.abk.billing.schemas.avro.IndexerCheckpoint;
import io.abk.billing.schemas.avro.InvoiceNumberCommand;
import io.abk.billing.schemas.avro.MeterEvent;
import io.abk.billing.schemas.avro.PaymentCommand;
import io.abk.billing.schemas.avro.PaymentLinkCommand;
import io.abk.billing.schemas.avro.PromotionCodeCommand;
import io.abk.billing.schemas.avro.SubscriptionCommand;
import io.abk.billing.schemas.avro.TestClock;
import io.abk.billing.schemas.avro.UsageCommand;
import io.abk.billing.schemas.avro.UsageSummary;
import io.abk.billing.schemas.avro.UsdtAddressCommand;
import io.abk.billing.schemas.avro.UsdtCommandOutcome;
import io.abk.billing.schemas.avro.UsdtEvent;
import io.abk.billing.schemas.avro.UsdtIdempotencyCommand;
import io.abk.billing.schemas.avro.UsdtIntentCommand;
import io.abk.billing.schemas.avro.UsdtWatchedAddress;
import io.abk.billing.schemas.avro.WatchedAddress;
import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.serde.AvroSerde;
import io.abk.billing.schemas.topic.Topic.Cleanup;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.common.serialization.Serdes;

/**
 * The catalog of every topic the platform owns (docs/architecture.md, "Topics"). No topic name appears anywhere else in
 * the code. Keys are strings; values are Avro envelopes in single-object encoding. The names declared here are the
 * default deployment's; a deployment with an id ({@link Deployment}) prefixes each ({@link Topic#name(Deployment)}).
 */
public final class Topics {

    private Topics() {}

    public static final Topic<String, SubscriptionCommand> SUBSCRIPTION_COMMANDS = new Topic<>(
            "billing.subscription-commands",
            Serdes.String(),
            AvroSerde.of(SubscriptionCommand.class),
            Cleanup.DELETE,
            Duration.ofDays(7),
            "api-gateway; renewal-scheduler (renewals, due charges, expiries); chain-indexer (settlement results, vault"
                    + " subscriptions and cancels, retracted charges)",
            "billing-streams");

    public static final Topic<String, PaymentCommand> PAYMENT_COMMANDS = new Topic<>(
            "billing.payment-commands",
            Serdes.String(),
            AvroSerde.of(PaymentCommand.class),
            Cleanup.DELETE,
            Duration.ofDays(7),
            "api-gateway; billing-streams (payment link opens); renewal-scheduler (expiries); chain-indexer (verification"
                    + " results, transfers seen and retracted)",
            "billing-streams");

    public static final Topic<String, PaymentLinkCommand> PAYMENT_LINK_COMMANDS = new Topic<>(
            "billing.payment-link-commands",
            Serdes.String(),
            AvroSerde.of(PaymentLinkCommand.class),
            Cleanup.DELETE,
            Duration.ofDays(7),
            "api-gateway; billing-streams (paid minted payments); renewal-scheduler (expiries)",
            "billing-streams");

    public static final Topic<String, CustomerCommand> CUSTOMER_COMMANDS = new Topic<>(
            "billing.customer-commands",
            Serdes.String(),
            AvroSerde.of(CustomerCommand.class),
            Cleanup.DELETE,
            Duration.ofDays(7),
            "api-gateway; billing-streams (the customer of a new subscription's or payment's wallet)",
            "billing-streams");

    public static final Topic<String, CouponCommand> COUPON_COMMANDS = new Topic<>(
            "billing.coupon-commands",
            Serdes.String(),
            AvroSerde.of(CouponCommand.class),
            Cleanup.DELETE,
            Duration.ofDays(7),
            "api-gateway; billing-streams (redemptions through a promotion code)",
            "billing-streams");

    public static final Topic<String, PromotionCodeCommand> PROMOTION_CODE_COMMANDS = new Topic<>(
            "billing.promotion-code-commands",
            Serdes.String(),
            AvroSerde.of(PromotionCodeCommand.class),
            Cleanup.DELETE,
            Duration.ofDays(7),
            "api-gateway; billing-streams (a coupon's refusal of a code's redemption)",
            "billing-streams");

    /** Keyed by {@code merchantId/mode} ({@code InvoiceNumbers.key}): one writer numbers a merchant's invoices in a mode. */
    public static final Topic<String, InvoiceNumberCommand> INVOICE_NUMBER_COMMANDS = new Topic<>(
            "billing.invoice-number-commands",
            Serdes.String(),
            AvroSerde.of(InvoiceNumberCommand.class),
            Cleanup.DELETE,
            Duration.ofDays(7),
            "billing-streams (every invoice it makes); api-gateway (a merchant's new invoice prefix)",
            "billing-streams");

    /**
     * Usage events, keyed by {@code merchantId/mode/customerId} ({@code MeterEvents.key}), counted once per identifier
     * by billing-streams' usage processor; kept 35 days, as long as identifiers are remembered.
     */
    public static final Topic<String, MeterEvent> METER_EVENTS = new Topic<>(
            "billing.meter-events",
            Serdes.String(),
            AvroSerde.of(MeterEvent.class),
            Cleanup.DELETE,
            Duration.ofDays(35),
            "api-gateway (POST /v1/meter_events and its batch); producers inside the cluster",
            "billing-streams (usage processor)");

    /**
     * Commands of the usage processor, keyed like {@link #METER_EVENTS} and with as many partitions, so a customer's
     * events and the commands of their subscriptions meet in one task.
     */
    public static final Topic<String, UsageCommand> USAGE_COMMANDS = new Topic<>(
            "billing.usage-commands",
            Serdes.String(),
            AvroSerde.of(UsageCommand.class),
            Cleanup.DELETE,
            Duration.ofDays(7),
            "billing-streams (subscription processor: tracked items, period closes, stops)",
            "billing-streams (usage processor)");

    /** Each subscription's usage so far in its open period (compacted, keyed by subscription id). */
    public static final Topic<String, UsageSummary> USAGE_SUMMARIES = new Topic<>(
            "billing.usage-summaries",
            Serdes.String(),
            AvroSerde.of(UsageSummary.class),
            Cleanup.COMPACT,
            Duration.ZERO, // compacted: only the latest summary of a subscription matters
            "billing-streams (usage processor)",
            "api-gateway (GET /v1/subscriptions/{id}/usage)");

    public static final Topic<String, Change> CHANGES = new Topic<>(
            "billing.changes",
            Serdes.String(),
            AvroSerde.of(Change.class),
            Cleanup.DELETE,
            Duration.ofDays(7),
            "billing-streams",
            "api-gateway (read-model projector); renewal-scheduler (due items); chain-indexer"
                    + " (auto-settlement indexes)");

    public static final Topic<String, BillingEvent> EVENTS = new Topic<>(
            "billing.events",
            Serdes.String(),
            AvroSerde.of(BillingEvent.class),
            Cleanup.DELETE,
            Duration.ofDays(30),
            "billing-streams",
            "webhook-sender, analytics");

    /**
     * Charges and refunds (keyed by invoice id) and payment verifications (keyed by payment id) asked of
     * settlement: simulated in the sandbox, or executed and verified on the mode's chain by the relayer.
     */
    public static final Topic<String, ChainRequest> CHAIN_REQUESTS = new Topic<>(
            "chain.requests",
            Serdes.String(),
            AvroSerde.of(ChainRequest.class),
            Cleanup.DELETE,
            Duration.ofDays(7),
            "billing-streams",
            "chain-indexer (sandbox settlement, relayer)");

    /**
     * What the relayer did with the requests that needed a chain (charges, refunds, verifications by hash), keyed
     * like {@link #CHAIN_REQUESTS} and with as many partitions, so each result meets its request's settlement task.
     */
    public static final Topic<String, ChainResult> CHAIN_RESULTS = new Topic<>(
            "chain.results",
            Serdes.String(),
            AvroSerde.of(ChainResult.class),
            Cleanup.DELETE,
            Duration.ofDays(7),
            "chain-indexer (relayer)",
            "chain-indexer (settlement)");

    /**
     * Confirmed logs of the followed chains (token transfers to or from watched addresses, vault events) and their
     * retractions, keyed {@code chainId:txHash:logIndex}: the indexer publishes a log once it is deeper than the
     * chain's confirmation depth, in the same Kafka transaction as its cursor.
     */
    public static final Topic<String, ChainTransfer> CHAIN_TRANSFERS = new Topic<>(
            "chain.transfers",
            Serdes.String(),
            AvroSerde.of(ChainTransfer.class),
            Cleanup.DELETE,
            Duration.ofDays(30),
            "chain-indexer (chain follower)",
            "chain-indexer (auto-settlement); usdt-verifier (streams: the USDT"
                    + " transfers of its chain confirm open intents); analytics");

    /** Payout addresses whose incoming transfers the indexer follows, keyed {@code <mode>:<lower-case address>}. */
    public static final Topic<String, WatchedAddress> CHAIN_WATCHED_ADDRESSES = new Topic<>(
            "chain.watched-addresses",
            Serdes.String(),
            AvroSerde.of(WatchedAddress.class),
            Cleanup.COMPACT,
            Duration.ZERO, // compacted: an address once watched stays watched
            "billing-streams (payment creations)",
            "chain-indexer (chain follower)");

    /**
     * The chain follower's cursor and window per chain (key {@code <chainId>}) and the records it published from
     * each block still in its window (key {@code <chainId>:<blockNumber>:<part>}, tombstoned when the block leaves
     * the window), written in the same transaction as {@link #CHAIN_TRANSFERS}: a restarted follower resumes from
     * the last committed transaction and can still retract what it published.
     */
    public static final Topic<String, IndexerCheckpoint> CHAIN_INDEXER_CHECKPOINTS = new Topic<>(
            "chain.indexer-checkpoints",
            Serdes.String(),
            AvroSerde.of(IndexerCheckpoint.class),
            Cleanup.COMPACT,
            Duration.ZERO, // compacted: only the latest cursor and the window's blocks matter
            "chain-indexer (chain follower)",
            "chain-indexer (chain follower, on start)");

    /** Each merchant's test clock, the latest per merchant (compacted): the gateway writes, the scheduler reads. */
    public static final Topic<String, TestClock> TEST_CLOCKS = new Topic<>(
            "billing.test-clocks",
            Serdes.String(),
            AvroSerde.of(TestClock.class),
            Cleanup.COMPACT,
            Duration.ZERO, // compacted: kept by key, no time retention
            "api-gateway",
            "renewal-scheduler");

    /**
     * One delivery of an event to one endpoint, keyed by endpoint id (docs/architecture.md, "Webhooks"). A failed
     * attempt moves the record to the retry topic of its next delay ({@link #WEBHOOK_DELIVERIES_RETRY_SUFFIX}) and,
     * once the schedule is spent, to the dead-letter topic ({@link #WEBHOOK_DELIVERIES_DLT_SUFFIX}); their number
     * follows the configured schedule, so {@link WebhookRetryTopics} declares them.
     */
    public static final Topic<String, WebhookDelivery> WEBHOOK_DELIVERIES = new Topic<>(
            "webhooks.deliveries",
            Serdes.String(),
            AvroSerde.of(WebhookDelivery.class),
            Cleanup.DELETE,
            Duration.ofDays(7),
            "webhook-sender (fan-out of billing.events); api-gateway (redeliveries)",
            "webhook-sender");

    /** Retry topics are {@code webhooks.deliveries-retry-<n>}, n = 0 for the first retry's delay. */
    public static final String WEBHOOK_DELIVERIES_RETRY_SUFFIX = "-retry";

    /** The dead-letter topic, {@code webhooks.deliveries-dlt}: deliveries whose retries are spent. */
    public static final String WEBHOOK_DELIVERIES_DLT_SUFFIX = "-dlt";

    /**
     * Records a billing-streams processor failed on with an exception (a bug, never a business rejection):
     * the original key and value bytes, with the exception and source in headers.
     */
    public static final Topic<byte[], byte[]> STREAMS_DEAD_LETTERS = new Topic<>(
            "billing.streams-dlt",
            Serdes.ByteArray(),
            Serdes.ByteArray(),
            Cleanup.DELETE,
            Duration.ofDays(30),
            "billing-streams (processing exception handler)",
            "operators");

    /**
     * Records chain-indexer failed on with an exception (a bug, never a chain's refusal or an outage): chain
     * requests and results its settlement processor threw on, records it could not decode, and requests its relayer
     * threw on. The original key and value bytes, with the exception and source in headers; nothing was answered
     * for them.
     */
    public static final Topic<byte[], byte[]> CHAIN_DEAD_LETTERS = new Topic<>(
            "chain.indexer-dlt",
            Serdes.ByteArray(),
            Serdes.ByteArray(),
            Cleanup.DELETE,
            Duration.ofDays(30),
            "chain-indexer (processing and deserialization exception handlers, relayer)",
            "operators");

    /**
     * Commands of the companion USDT interface's intents, keyed by intent id: creates and confirms from its HTTP
     * side; the answers of its tx claims, the confirms a poll matched and expiries from its Streams part, the
     * intents' single writer (docs/architecture.md, "The USDT verifier").
     */
    public static final Topic<String, UsdtIntentCommand> USDT_INTENT_COMMANDS = new Topic<>(
            "usdt.intent-commands",
            Serdes.String(),
            AvroSerde.of(UsdtIntentCommand.class),
            Cleanup.DELETE,
            Duration.ofDays(7),
            "usdt-verifier (HTTP: creates, confirms, test events; streams: tx-claim answers, poll confirms, expiries)",
            "usdt-verifier (streams)");

    /**
     * Commands of the pay-to addresses' books of open intents, keyed by the address (0x and 40 lower-case hex
     * digits): the intents add and remove themselves, and a poll's transfers are matched against the book (an HTTP
     * poll's, or the one USDT transfer chain-indexer published on chain.transfers).
     */
    public static final Topic<String, UsdtAddressCommand> USDT_ADDRESS_COMMANDS = new Topic<>(
            "usdt.address-commands",
            Serdes.String(),
            AvroSerde.of(UsdtAddressCommand.class),
            Cleanup.DELETE,
            Duration.ofDays(7),
            "usdt-verifier (HTTP: polls; streams: open intents added and removed, polls of the USDT transfers on"
                    + " chain.transfers)",
            "usdt-verifier (streams)");

    /**
     * Commands of the verifier's {@code Idempotency-Key} records, keyed by the record (a digest of the API key and the
     * Idempotency-Key): a keyed request's claim, then its answer or its release; one task is each record's single
     * writer. A command matters only to the request waiting for its outcome, so a day is plenty.
     */
    public static final Topic<String, UsdtIdempotencyCommand> USDT_IDEMPOTENCY_COMMANDS = new Topic<>(
            "usdt.idempotency-commands",
            Serdes.String(),
            AvroSerde.of(UsdtIdempotencyCommand.class),
            Cleanup.DELETE,
            Duration.ofDays(1),
            "usdt-verifier (HTTP: requests with an Idempotency-Key)",
            "usdt-verifier (streams)");

    /**
     * The outcome of every command of the three topics above, keyed like its command; every HTTP replica of the
     * verifier reads all of it to answer the requests it holds. A day covers any request's wait many times over.
     */
    public static final Topic<String, UsdtCommandOutcome> USDT_COMMAND_OUTCOMES = new Topic<>(
            "usdt.command-outcomes",
            Serdes.String(),
            AvroSerde.of(UsdtCommandOutcome.class),
            Cleanup.DELETE,
            Duration.ofDays(1),
            "usdt-verifier (streams)",
            "usdt-verifier (HTTP, every replica)");

    /** The companion's public events ({@code payment.confirmed}), keyed by intent id, with the webhook body. */
    public static final Topic<String, UsdtEvent> USDT_EVENTS = new Topic<>(
            "usdt.events",
            Serdes.String(),
            AvroSerde.of(UsdtEvent.class),
            Cleanup.DELETE,
            Duration.ofDays(30),
            "usdt-verifier (streams)",
            "webhook-sender, analytics");

    /**
     * Pay-to addresses with at least one open USDT intent, keyed by the address (0x and 40 lower-case hex digits):
     * the verifier's address books write one when they get their first open intent and a tombstone when the last
     * one leaves, and the follower of the chain and token a value names publishes that token's transfers to it.
     */
    public static final Topic<String, UsdtWatchedAddress> USDT_WATCHED_ADDRESSES = new Topic<>(
            "usdt.watched-addresses",
            Serdes.String(),
            AvroSerde.of(UsdtWatchedAddress.class),
            Cleanup.COMPACT,
            Duration.ZERO, // compacted: only whether an address is watched now matters
            "usdt-verifier (streams: address books gaining their first open intent, tombstones when none is left)",
            "chain-indexer (chain follower of the chain and USDT token a value names)");

    /** Every topic of fixed name, for the topics step that provisions them (with {@link WebhookRetryTopics#topics()}). */
    public static List<Topic<?, ?>> all() {
        return List.of(
                SUBSCRIPTION_COMMANDS,
                PAYMENT_COMMANDS,
                PAYMENT_LINK_COMMANDS,
                CUSTOMER_COMMANDS,
                COUPON_COMMANDS,
                PROMOTION_CODE_COMMANDS,
                INVOICE_NUMBER_COMMANDS,
                METER_EVENTS,
                USAGE_COMMANDS,
                USAGE_SUMMARIES,
                CHANGES,
                EVENTS,
                CHAIN_REQUESTS,
                TEST_CLOCKS,
                STREAMS_DEAD_LETTERS,
                WEBHOOK_DELIVERIES,
                CHAIN_RESULTS,
                CHAIN_TRANSFERS,
                CHAIN_WATCHED_ADDRESSES,
                CHAIN_INDEXER_CHECKPOINTS,
                CHAIN_DEAD_LETTERS,
                USDT_INTENT_COMMANDS,
                USDT_ADDRESS_COMMANDS,
                USDT_IDEMPOTENCY_COMMANDS,
                USDT_COMMAND_OUTCOMES,
                USDT_EVENTS,
                USDT_WATCHED_ADDRESSES);
    }
}
