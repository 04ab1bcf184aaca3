package io.abk.billing.gateway.testkit;

import static org.awaitility.Awaitility.await;

import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.topics.TopicProvisioner;
import io.abk.billing.topics.TopicsSettings;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.TopicDescription;
import org.flywaydb.core.Flyway;
import org.jspecify.annotations.Nullable;
import org.springframework.kafka.test.EmbeddedKafkaKraftBroker;

/**
 * One embedded PostgreSQL server and one in-process KRaft broker for the whole test JVM, each started on first
 * use (a run of tests that never asks for Kafka never starts the broker) and stopped at exit. Each user takes its
 * own database ({@link #newDatabase}); topics are the real ones of the catalog, created up front with their
 * partitions' leaders awaited (the produce-after-create flake).
 */
public final class SharedInfra {

    public static final int PARTITIONS = 3;
    /**
     * The topics the gateway uses (billing.test-clocks, webhooks.deliveries and billing.invoice-number-commands included), and chain.requests, whose
     * group the stand-in joins for the settlement health.
     */
    private static final List<String> TOPICS = List.of(
            Topics.SUBSCRIPTION_COMMANDS.name(Deployment.DEFAULT),
            Topics.PAYMENT_COMMANDS.name(Deployment.DEFAULT),
            Topics.PAYMENT_LINK_COMMANDS.name(Deployment.DEFAULT),
            Topics.CUSTOMER_COMMANDS.name(Deployment.DEFAULT),
            Topics.COUPON_COMMANDS.name(Deployment.DEFAULT),
            Topics.PROMOTION_CODE_COMMANDS.name(Deployment.DEFAULT),
            Topics.INVOICE_NUMBER_COMMANDS.name(Deployment.DEFAULT),
            Topics.CHANGES.name(Deployment.DEFAULT),
            Topics.CHAIN_REQUESTS.name(Deployment.DEFAULT),
            Topics.TEST_CLOCKS.name(Deployment.DEFAULT),
            Topics.WEBHOOK_DELIVERIES.name(Deployment.DEFAULT),
            Topics.METER_EVENTS.name(Deployment.DEFAULT),
            Topics.USAGE_SUMMARIES.name(Deployment.DEFAULT));

    private static final AtomicInteger DATABASES = new AtomicInteger();
    private static final Object POSTGRES_LOCK = new Object();
    private static @Nullable EmbeddedPostgres postgres;
    private static @Nullable CompletableFuture<String> kafka;

    private SharedInfra() {}

    public static EmbeddedPostgres postgres() {
        synchronized (POSTGRES_LOCK) {
            return startedPostgres();
        }
    }

    private static EmbeddedPostgres startedPostgres() {
        if (postgres == null) {
            try {
                var started = EmbeddedPostgres.builder().start();
                postgres = started;
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    try {
                        started.close();
                    } catch (IOException ignored) {
                        // The JVM is exiting.
                    }
                }));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start embedded PostgreSQL", e);
            }
        }
        return postgres;
    }

    /** The broker's bootstrap servers, once it is up (started now if nobody started it). */
    public static String kafkaBootstrap() {
        return startKafka().join();
    }

    /**
     * Starts the broker on a thread of its own unless it was started already, so that it comes up while the
     * caller starts something else (PostgreSQL, a Spring context): about two seconds less on a cold start.
     */
    public static synchronized CompletableFuture<String> startKafka() {
        if (kafka == null) {
            kafka = CompletableFuture.supplyAsync(SharedInfra::startBroker, task -> {
                var thread = new Thread(task, "test-kafka-start");
                thread.setDaemon(true);
                thread.start();
            });
        }
        return kafka;
    }

    private static String startBroker() {
        var broker = new EmbeddedKafkaKraftBroker(1, PARTITIONS, TOPICS.toArray(String[]::new));
        broker.brokerProperties(Map.of(
                "transaction.state.log.replication.factor", "1",
                "transaction.state.log.min.isr", "1",
                "offsets.topic.replication.factor", "1",
                "offsets.topic.num.partitions", "3",
                "group.initial.rebalance.delay.ms", "0"));
        broker.afterPropertiesSet();
        Runtime.getRuntime().addShutdownHook(new Thread(broker::destroy));
        awaitLeaders(broker.getBrokersAsString());
        // The topics step sets the catalog's configs on them (billing.test-clocks is compacted), as a deployment's
        // would: the gateway's health checks them.
        var report = TopicProvisioner.run(
                broker.getBrokersAsString(),
                TopicsSettings.singleBroker(broker.getBrokersAsString(), PARTITIONS).plan().stream()
                        .filter(spec -> TOPICS.contains(spec.name()))
                        .toList(),
                TopicProvisioner.Options.apply(Duration.ofSeconds(60)));
        if (!report.ok()) {
            throw new IllegalStateException(
                    "the test topics are not laid out as the catalog says: " + report.problems());
        }
        return broker.getBrokersAsString();
    }

    private static void awaitLeaders(String bootstrap) {
        try (var admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            var names = TOPICS;
            await().atMost(Duration.ofSeconds(60))
                    .until(() -> admin.describeTopics(names).allTopicNames().get().values().stream()
                            .map(TopicDescription::partitions)
                            .allMatch(partitions -> partitions.size() == PARTITIONS
                                    && partitions.stream().allMatch(p -> p.leader() != null)));
        }
    }

    /** A fresh database on the shared server with the gateway's migrations applied. */
    public static TestDatabase newDatabase(String prefix) {
        var database = futureDatabase(prefix);
        create(database);
        return database;
    }

    /** A database name that does not exist yet (for start-before-the-database tests). */
    public static TestDatabase futureDatabase(String prefix) {
        return new TestDatabase(
                prefix + "_" + DATABASES.incrementAndGet(), postgres().getPort());
    }

    /**
     * Creates and migrates a database handed out by {@link #futureDatabase}. It appears under its name only once
     * migrated (built under another name, then renamed): a projector waiting for it must never write into a half
     * migrated schema, where its inserts deadlocked with a migration's index builds.
     */
    public static void create(TestDatabase database) {
        var building = new TestDatabase(database.name() + "_migrating", database.port());
        admin("CREATE DATABASE " + building.name(), database);
        Flyway.configure()
                .dataSource(building.jdbcUrl(), TestDatabase.USER, "")
                .locations("classpath:db/migration")
                .load()
                .migrate();
        admin("ALTER DATABASE " + building.name() + " RENAME TO " + database.name(), database);
    }

    private static void admin(String sql, TestDatabase database) {
        try (var connection = DriverManager.getConnection(postgres().getJdbcUrl("postgres", "postgres"));
                var statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + database.name() + " (" + sql + ")", e);
        }
    }
}
