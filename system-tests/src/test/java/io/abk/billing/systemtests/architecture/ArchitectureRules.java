package io.abk.billing.systemtests.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.context.annotation.Configuration;
import org.springframework.stereotype.Controller;

/**
 * The project's dependency rules (docs/architecture.md, "Dependency rules": dependencies point one way), as functions
 * of the packages they apply to, so the same rule runs against the real code and against fixtures that break it.
 */
final class ArchitectureRules {

    /** Package roots of the service modules (docs/architecture.md, "Services and what each owns"). */
    static final List<String> SERVICE_ROOTS = List.of(
            "io.abk.billing.gateway",
            "io.abk.billing.streams",
            "io.abk.billing.webhooks",
            "io.abk.billing.scheduler",
            "io.abk.billing.chain",
            "io.abk.billing.usdt");

    /**
     * Package roots of the library modules services may share besides {@code schemas}: generic plumbing with no
     * domain (streams-kit; ops-kit, the management port, metrics and logs of a service process; topics, the topics
     * step and the layout check; webhook-verify, the webhook signature scheme; kafka-test-kit, for tests only;
     * contracts, the vault's ABI; local-chain, anvil for tests and the local stack).
     */
    static final List<String> LIBRARY_ROOTS = List.of(
            "io.abk.billing.streamskit",
            "io.abk.billing.opskit",
            "io.abk.billing.topics",
            "io.abk.billing.webhookverify",
            "io.abk.billing.endpointguard",
            "io.abk.billing.kafkatestkit",
            "io.abk.billing.contracts",
            "io.abk.billing.chainrpc",
            "io.abk.billing.localchain");

    /** Packages that must stay pure: every {@code domain} package, and the shared money and id types. */
    static final List<String> DOMAIN_PACKAGES =
            List.of("..domain..", "io.abk.billing.schemas.money..", "io.abk.billing.schemas.ids..");

    /**
     * Frameworks and wire formats a domain class may not touch, including the generated Avro classes, the serdes
     * and the topic catalog of schemas: mapping to and from the wire happens in adapters.
     */
    static final List<String> FRAMEWORKS = List.of(
            "org.springframework..",
            "org.apache.kafka..",
            "io.r2dbc..",
            "org.web3j..",
            "reactor..",
            "org.apache.avro..",
            "tools.jackson..",
            "com.fasterxml.jackson..",
            "io.abk.billing.schemas.avro..",
            "io.abk.billing.schemas.serde..",
            "io.abk.billing.schemas.topic..");

    /**
     * Classes that make a Kafka client from a configuration their caller built with {@code KafkaClientSecurity}: a
     * Streams app's clients from its Streams properties ({@code StreamsProperties.exactlyOnce} takes the security), its
     * topics check from the same, and the lag reader from the connection its service gives it.
     */
    static final List<String> CLIENTS_OF_A_GIVEN_CONNECTION = List.of(
            "io.abk.billing.streamskit.lifecycle.StreamsApp",
            "io.abk.billing.streamskit.lifecycle.TopicsReadiness",
            "io.abk.billing.opskit.metrics.KafkaBacklog");

    private static final String SECURITY = "io.abk.billing.opskit.kafka.KafkaClientSecurity";

    private ArchitectureRules() {}

    /**
     * A class that makes a Kafka client (a producer, a consumer, an admin client, a Streams app) takes the security
     * settings of the environment from {@code KafkaClientSecurity}, so that no client of any service connects in
     * plain text to a cluster that wants TLS or a login (docs/operations.md, "Kafka over TLS and SASL").
     */
    static ArchRule kafkaClientsTakeTheirSecurity(List<String> roots, List<String> givenConnection) {
        var makesAClient = new DescribedPredicate<JavaClass>("makes a Kafka client") {
            @Override
            public boolean test(JavaClass type) {
                return type.getConstructorCallsFromSelf().stream()
                                .anyMatch(call -> KAFKA_CLIENTS.contains(
                                        call.getTargetOwner().getName()))
                        || type.getMethodCallsFromSelf().stream()
                                .anyMatch(call -> call.getName().equals("create")
                                        && ADMIN_CLIENTS.contains(
                                                call.getTargetOwner().getName()));
            }
        };
        return classes()
                .that()
                .resideInAnyPackage(packagesUnder(roots))
                .and(makesAClient)
                .and()
                .doNotHaveFullyQualifiedName(SECURITY)
                .and(notAnyOf(givenConnection))
                .should()
                .dependOnClassesThat()
                .haveFullyQualifiedName(SECURITY)
                .because("every Kafka client connects as BILLING_KAFKA_SECURITY_PROTOCOL and its settings say")
                .allowEmptyShould(true);
    }

    /**
     * No class under {@code roots} opens a JSON-RPC connection of its own (web3j's {@code HttpService} or
     * {@code Web3j.build}, or an OkHttp client): chain-rpc's {@code RpcClient} is the one client, with one failover,
     * one retry budget and one rule that logs a URL by its position only (docs/architecture.md, "The chain path").
     */
    static ArchRule oneJsonRpcClient(List<String> roots) {
        var opensAConnection = new DescribedPredicate<JavaClass>("open a JSON-RPC connection of their own") {
            @Override
            public boolean test(JavaClass type) {
                return type.getConstructorCallsFromSelf().stream()
                                .anyMatch(call -> JSON_RPC_TRANSPORTS.contains(
                                        call.getTargetOwner().getName()))
                        || type.getMethodCallsFromSelf().stream()
                                .anyMatch(call -> call.getName().equals("build")
                                        && call.getTargetOwner().getName().equals("org.web3j.protocol.Web3j"));
            }
        };
        return classes()
                .that()
                .resideInAnyPackage(packagesUnder(roots))
                .and(opensAConnection)
                .should()
                .resideInAnyPackage("io.abk.billing.chainrpc..")
                .because("the services share one JSON-RPC client: io.abk.billing.chainrpc.RpcClient")
                .allowEmptyShould(true);
    }

    private static final List<String> JSON_RPC_TRANSPORTS =
            List.of("org.web3j.protocol.http.HttpService", "okhttp3.OkHttpClient", "okhttp3.OkHttpClient$Builder");

    private static final List<String> KAFKA_CLIENTS = List.of(
            "org.apache.kafka.clients.producer.KafkaProducer",
            "org.apache.kafka.clients.consumer.KafkaConsumer",
            "org.apache.kafka.streams.KafkaStreams",
            "org.springframework.kafka.core.DefaultKafkaProducerFactory",
            "org.springframework.kafka.core.DefaultKafkaConsumerFactory");

    private static final List<String> ADMIN_CLIENTS =
            List.of("org.apache.kafka.clients.admin.Admin", "org.apache.kafka.clients.admin.AdminClient");

    private static DescribedPredicate<JavaClass> notAnyOf(List<String> names) {
        return new DescribedPredicate<>("are not one of " + names) {
            @Override
            public boolean test(JavaClass type) {
                return !names.contains(type.getName());
            }
        };
    }

    /** No class under one service root depends on a class under another service root. */
    static ArchRule servicesAreIsolated(List<String> serviceRoots) {
        List<ArchRule> rules = serviceRoots.stream()
                .map(root -> {
                    var others = serviceRoots.stream()
                            .filter(other -> !other.equals(root))
                            .toList();
                    return noClasses()
                            .that()
                            .resideInAPackage(root + "..")
                            .should()
                            .dependOnClassesThat()
                            .resideInAnyPackage(packagesUnder(others))
                            .because("services talk through topics and the schemas module only; "
                                    + "the libraries they share carry no domain")
                            // A reserved root has no classes; its rule must not fail for being empty.
                            .allowEmptyShould(true);
                })
                .toList();
        return CompositeArchRule.of(rules);
    }

    /**
     * No class under a library root depends on a class under a service root: services share a library, so a
     * library that used one service would carry it into all the others.
     */
    static ArchRule librariesUseNoService(List<String> libraryRoots, List<String> serviceRoots) {
        return noClasses()
                .that()
                .resideInAnyPackage(packagesUnder(libraryRoots))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(packagesUnder(serviceRoots))
                .because("libraries are plumbing shared by services: a service depends on them, never the reverse");
    }

    /** Domain classes import no framework. */
    static ArchRule domainIsFrameworkFree(List<String> domainPackages) {
        return noClasses()
                .that()
                .resideInAnyPackage(domainPackages.toArray(String[]::new))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(FRAMEWORKS.toArray(String[]::new))
                .because("the domain is pure: adapters depend on it, never the reverse")
                .allowEmptyShould(true);
    }

    /** Domain classes never read the clock: time is an input. */
    static ArchRule domainReadsNoClock(List<String> domainPackages) {
        return noClasses()
                .that()
                .resideInAnyPackage(domainPackages.toArray(String[]::new))
                .should()
                .callMethod(Instant.class, "now")
                .orShould()
                .callMethod(System.class, "currentTimeMillis")
                .orShould()
                .callMethod(Clock.class, "systemUTC")
                .orShould()
                .callMethod(Clock.class, "systemDefaultZone")
                .orShould()
                .callMethod(LocalDate.class, "now")
                .orShould()
                .callMethod(LocalDateTime.class, "now")
                .orShould()
                .callMethod(OffsetDateTime.class, "now")
                .orShould()
                .callMethod(ZonedDateTime.class, "now")
                .because("time is an input: commands carry their own now, processors inject a Clock")
                .allowEmptyShould(true);
    }

    /** The files of an aggregate's pure side, by suffix after its name (docs/architecture.md, "Adding an aggregate"). */
    static final List<String> AGGREGATE_DOMAIN_FILES =
            List.of("Instruction", "Event", "State", "Decision", "Rejection", "Decider", "Evolver");

    /** The files of an aggregate's adapter side, by suffix after its name. */
    static final List<String> AGGREGATE_ADAPTER_FILES =
            List.of("Adapter", "Nodes", "InstructionMapper", "EventMapper", "SnapshotMapper");

    /**
     * Every aggregate has the same shape: each {@code <Name>Decider} under {@code root} sits in
     * {@code root.<aggregate>.domain} beside the other files of {@link #AGGREGATE_DOMAIN_FILES}, and
     * {@code root.<aggregate>} holds those of {@link #AGGREGATE_ADAPTER_FILES}, its adapter implementing
     * {@code adapterType}. Returns what breaks it, one line per aggregate; none found at all is a violation too.
     */
    static List<String> aggregateShapeViolations(JavaClasses classes, String root, String adapterType) {
        var violations = new ArrayList<String>();
        var deciders = classes.stream()
                .filter(type -> type.isTopLevelClass()
                        && (type.getPackageName().equals(root)
                                || type.getPackageName().startsWith(root + "."))
                        && type.getSimpleName().endsWith("Decider"))
                .toList();
        if (deciders.isEmpty()) {
            violations.add("no aggregate (no class named *Decider) under " + root);
        }
        for (var decider : deciders) {
            var name =
                    decider.getSimpleName().substring(0, decider.getSimpleName().length() - "Decider".length());
            var domain = decider.getPackageName();
            var folder = domain.substring(0, Math.max(domain.lastIndexOf('.'), 0));
            if (!domain.endsWith(".domain")
                    || !folder.startsWith(root + ".")
                    || folder.substring(root.length() + 1).contains(".")) {
                violations.add(decider.getName() + " is not in " + root + ".<aggregate>.domain");
                continue;
            }
            var missing = new ArrayList<String>();
            AGGREGATE_DOMAIN_FILES.forEach(suffix -> requireClass(classes, domain + "." + name + suffix, missing));
            AGGREGATE_ADAPTER_FILES.forEach(suffix -> requireClass(classes, folder + "." + name + suffix, missing));
            if (!missing.isEmpty()) {
                violations.add(decider.getName() + ": its aggregate lacks " + missing);
            }
            var adapter = folder + "." + name + "Adapter";
            if (classes.contain(adapter) && !classes.get(adapter).isAssignableTo(adapterType)) {
                violations.add(adapter + " does not implement " + adapterType);
            }
        }
        return violations;
    }

    private static void requireClass(JavaClasses classes, String name, Collection<String> missing) {
        if (!classes.contain(name)) {
            missing.add(name);
        }
    }

    /**
     * One hop from the command processor to the rules: under {@code root}, only a class named {@code *Adapter} (or a
     * class of a {@code domain} package) calls a decider or an evolver.
     */
    static ArchRule onlyAnAdapterCallsTheRules(String root) {
        var callsTheRules = new DescribedPredicate<JavaMethodCall>("a method of a *Decider or *Evolver") {
            @Override
            public boolean test(JavaMethodCall call) {
                var owner = call.getTargetOwner().getSimpleName();
                return owner.endsWith("Decider") || owner.endsWith("Evolver");
            }
        };
        return noClasses()
                .that()
                .resideInAPackage(root + "..")
                .and()
                .resideOutsideOfPackage("..domain..")
                .and()
                .haveSimpleNameNotEndingWith("Adapter")
                .should()
                .callMethodWhere(callsTheRules)
                .because("the command processor reaches an aggregate's rules through its adapter alone")
                .allowEmptyShould(true);
    }

    /**
     * No top-level class under {@code root} is named like a record of the wire ({@code wireNames}, the generated Avro
     * classes): a Java type named as the Avro one forces one of the two to be spelled out in full wherever both meet.
     */
    static ArchRule noClassIsNamedAsAWireRecord(String root, Set<String> wireNames) {
        var namedAsTheWire = new ArchCondition<JavaClass>("not be named as a record of the wire") {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                if (wireNames.contains(type.getSimpleName())) {
                    events.add(SimpleConditionEvent.violated(
                            type, type.getName() + " has the simple name of the wire's " + type.getSimpleName()));
                }
            }
        };
        return classes()
                .that()
                .resideInAPackage(root + "..")
                .and()
                .areTopLevelClasses()
                .should(namedAsTheWire)
                .because("a Java type and an Avro type of one name make every file that uses both spell one out");
    }

    /**
     * No two slices of {@code pattern} depend on each other in a circle, ArchUnit's slice syntax: {@code root.(*)..} for
     * the areas under root, {@code root.(**)} for every package (docs/architecture.md, "The gateway's areas").
     */
    static ArchRule slicesAreFreeOfCycles(String pattern) {
        return slices().matching(pattern)
                .should()
                .beFreeOfCycles()
                .because("each area and each package builds on the ones below it only, so a reader can learn them"
                        + " bottom up and a lower one never needs a higher one to change");
    }

    /**
     * One suffix per kind of class (docs/architecture.md, "Names of classes"): HTTP entry points end in {@code Routes},
     * Spring wiring in {@code Configuration}, typed Spring configuration in {@code Properties}. Only the annotation on
     * the class itself counts for wiring, so an application class ({@code @SpringBootApplication}) is not wiring.
     */
    static ArchRule classesAreNamedForTheirKind(List<String> roots) {
        var under = packagesUnder(roots);
        return CompositeArchRule.of(classes()
                        .that()
                        .resideInAnyPackage(under)
                        .and()
                        // @RestController is itself annotated @Controller
                        .areMetaAnnotatedWith(Controller.class)
                        .should()
                        .haveSimpleNameEndingWith("Routes")
                        .allowEmptyShould(true))
                .and(classes()
                        .that()
                        .resideInAnyPackage(under)
                        .and()
                        .areAnnotatedWith(Configuration.class)
                        .should()
                        .haveSimpleNameEndingWith("Configuration")
                        .allowEmptyShould(true))
                .and(classes()
                        .that()
                        .resideInAnyPackage(under)
                        .and()
                        .areAnnotatedWith(ConfigurationProperties.class)
                        .should()
                        .haveSimpleNameEndingWith("Properties")
                        .allowEmptyShould(true))
                .because("a reader finds the routes, the wiring and the settings of a package by their names");
    }

    /**
     * {@code root..} for each root: the root package and its subpackages. ArchUnit matches whole package names, so
     * {@code io.abk.billing.streams..} does not take in {@code io.abk.billing.streamskit}.
     */
    private static String[] packagesUnder(List<String> roots) {
        return roots.stream().map(root -> root + "..").toArray(String[]::new);
    }
}
