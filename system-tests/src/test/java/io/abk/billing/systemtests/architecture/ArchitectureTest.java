package io.abk.billing.systemtests.architecture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A service module never depends on another one (neither in code nor in its pom), the libraries
 * services share (streams-kit, webhook-verify, kafka-test-kit, chain-rpc) never depend on a service, a domain package
 * imports no framework and reads no clock, and no service opens a JSON-RPC connection but through chain-rpc. Every
 * aggregate of billing-streams has the same shape, reached in one hop from the command processor, and no class there
 * is named as a record of the wire. The gateway's areas and packages depend on each other one way. Every class is
 * named for its kind, a suffix is kept for its kind, and no two main classes share a simple name. system-tests runs the check because its class path (through local-stack, the launcher)
 * holds every other module. Each rule is also run against fixtures that break it, so a rule
 * that silently matches nothing cannot pass unnoticed.
 */
class ArchitectureTest {

    private static final String FIXTURE = "io.abk.billing.systemtests.architecture.fixture";
    private static final String BILLING = "io.abk.billing";
    private static final String GATEWAY = "io.abk.billing.gateway";
    private static final String STREAMS = "io.abk.billing.streams";
    private static final String AGGREGATE_ADAPTER = STREAMS + ".command.AggregateAdapter";

    private static JavaClasses production;
    private static JavaClasses fixtures;

    @BeforeAll
    static void importClasses() {
        production = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.abk.billing");
        fixtures = new ClassFileImporter().importPackages(FIXTURE);
    }

    @Test
    void shouldSeeEveryModuleWhenImportingTheProductionClasses() {
        // Guards the checks below against passing on an empty import.
        assertThat(production.contain("io.abk.billing.gateway.GatewayApplication"))
                .isTrue();
        assertThat(production.contain("io.abk.billing.streams.BillingStreamsApp"))
                .isTrue();
        assertThat(production.contain(STREAMS + ".subscription.domain.SubscriptionDecider"))
                .isTrue();
        assertThat(production.contain("io.abk.billing.chain.ChainIndexerApp")).isTrue();
        assertThat(production.contain("io.abk.billing.chain.domain.settlement.SettlementDecider"))
                .isTrue();
        assertThat(production.contain("io.abk.billing.scheduler.RenewalSchedulerApp"))
                .isTrue();
        assertThat(production.contain("io.abk.billing.scheduler.domain.DueItems"))
                .isTrue();
        assertThat(production.contain("io.abk.billing.schemas.money.UsdcAmount"))
                .isTrue();
        assertThat(production.contain("io.abk.billing.streamskit.lifecycle.StreamsApp"))
                .isTrue();
        assertThat(production.contain("io.abk.billing.kafkatestkit.TestBroker")).isTrue();
        assertThat(production.contain("io.abk.billing.webhookverify.WebhookVerifier"))
                .isTrue();
        assertThat(production.contain("io.abk.billing.usdt.UsdtVerifierApplication"))
                .isTrue();
        assertThat(production.contain("io.abk.billing.usdt.domain.intent.IntentDecider"))
                .isTrue();
        assertThat(production.contain("io.abk.billing.chainrpc.RpcClient")).isTrue();
        assertThat(production.contain(FIXTURE + ".alpha.AlphaHandler"))
                .as("test fixtures stay out")
                .isFalse();
    }

    @Test
    void shouldFindNoDependencyBetweenServicesWhenCheckingTheProductionClasses() {
        ArchitectureRules.servicesAreIsolated(ArchitectureRules.SERVICE_ROOTS).check(production);
    }

    @Test
    void shouldFindNoServiceInTheLibrariesWhenCheckingTheProductionClasses() {
        ArchitectureRules.librariesUseNoService(ArchitectureRules.LIBRARY_ROOTS, ArchitectureRules.SERVICE_ROOTS)
                .check(production);
    }

    @Test
    void shouldFindNoFrameworkInTheDomainWhenCheckingTheProductionClasses() {
        ArchitectureRules.domainIsFrameworkFree(ArchitectureRules.DOMAIN_PACKAGES)
                .check(production);
    }

    @Test
    void shouldFindNoClockReadInTheDomainWhenCheckingTheProductionClasses() {
        ArchitectureRules.domainReadsNoClock(ArchitectureRules.DOMAIN_PACKAGES).check(production);
    }

    /** Protects the deployment's Kafka security: a client made without it would connect to no TLS or SASL cluster. */
    @Test
    void shouldFindEveryKafkaClientTakingTheEnvironmentsSecurityWhenCheckingTheProductionClasses() {
        ArchitectureRules.kafkaClientsTakeTheirSecurity(
                        // kafka-test-kit's broker is the tests' own, and plain text by design.
                        concat(ArchitectureRules.SERVICE_ROOTS, ArchitectureRules.LIBRARY_ROOTS).stream()
                                .filter(root -> !root.equals("io.abk.billing.kafkatestkit"))
                                .toList(),
                        ArchitectureRules.CLIENTS_OF_A_GIVEN_CONNECTION)
                .check(production);
    }

    @Test
    void shouldFindNoCycleBetweenTheGatewaysAreasWhenCheckingTheProductionClasses() {
        ArchitectureRules.slicesAreFreeOfCycles(GATEWAY + ".(*)..").check(production);
    }

    @Test
    void shouldFindNoCycleBetweenTheGatewaysPackagesWhenCheckingTheProductionClasses() {
        ArchitectureRules.slicesAreFreeOfCycles(GATEWAY + ".(**)").check(production);
    }

    @Test
    void shouldFindEveryClassNamedForItsKindWhenCheckingTheProductionClasses() {
        ArchitectureRules.classesAreNamedForTheirKind(List.of(BILLING)).check(production);
    }

    @Test
    void shouldFindEverySuffixOnItsKindWhenCheckingTheProductionClasses() {
        NameRules.suffixesNameTheirKind(List.of(BILLING), NameRules.OTHER_KIND_OF_PROPERTIES)
                .check(production);
    }

    @Test
    void shouldFindNoTwoMainClassesSharingASimpleNameWhenCheckingTheProductionClasses() {
        NameRules.simpleNamesAreUnique(
                        BILLING, List.of(NameRules.WIRE_RECORDS, NameRules.CLIENT_LIBRARY), NameRules.SHARED_NAMES)
                .check(production);
    }

    @Test
    void shouldFailWhenTwoClassesShareASimpleName() {
        var names = FIXTURE + ".names";
        var rule = NameRules.simpleNamesAreUnique(names, List.of(), Map.of("Clock", "the fixture's allowed pair"));

        assertThatThrownBy(() -> rule.check(fixtures))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining(names + ".first.Ledger shares its simple name with " + names + ".second.Ledger")
                .hasMessageContaining(names + ".second.Ledger shares its simple name with " + names + ".first.Ledger")
                .as("a name of its own, nested classes and an allowed pair pass")
                .hasMessageNotContaining("Journal")
                .hasMessageNotContaining("Entry")
                .hasMessageNotContaining("Clock");
    }

    @Test
    void shouldFailWhenASuffixNamesAnotherKind() {
        var naming = FIXTURE + ".naming";
        var rule = NameRules.suffixesNameTheirKind(List.of(naming), Set.of(naming + ".PriceClientProperties"));

        assertThatThrownBy(() -> rule.check(fixtures))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("PriceConfig>")
                .hasMessageContaining("PriceDefaultsConfiguration")
                .hasMessageContaining("PriceTableProperties")
                .as("an allowed other kind, and classes whose suffix is their kind, pass")
                .hasMessageNotContaining("PriceClientProperties")
                .hasMessageNotContaining("PriceSettings")
                .hasMessageNotContaining("PriceWiring");
    }

    @Test
    void shouldFailWhenTwoAreasDependOnEachOther() {
        var rule = ArchitectureRules.slicesAreFreeOfCycles(FIXTURE + ".areas.(*)..");

        assertThatThrownBy(() -> rule.check(fixtures))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Cycle detected")
                .hasMessageContaining("UpperRoutes")
                .hasMessageContaining("LowerStore")
                .as("an area both use is no cycle")
                .hasMessageNotContaining("BaseFormat");
    }

    @Test
    void shouldFailWhenAClassIsNotNamedForItsKind() {
        var rule = ArchitectureRules.classesAreNamedForTheirKind(List.of(FIXTURE + ".naming"));

        assertThatThrownBy(() -> rule.check(fixtures))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("PriceController")
                .hasMessageContaining("PriceWiring")
                .hasMessageContaining("PriceSettings")
                .hasMessageNotContaining("PriceRoutes");
    }

    @Test
    void shouldFailWhenAKafkaClientIsMadeWithoutTheEnvironmentsSecurity() {
        var rule = ArchitectureRules.kafkaClientsTakeTheirSecurity(List.of(FIXTURE + ".client"), List.of());

        assertThatThrownBy(() -> rule.check(fixtures))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("PlainProducer")
                .hasMessageNotContaining("SecuredProducer");
    }

    @Test
    void shouldFindNoJsonRpcClientOutsideChainRpcWhenCheckingTheProductionClasses() {
        ArchitectureRules.oneJsonRpcClient(ArchitectureRules.SERVICE_ROOTS).check(production);
    }

    @Test
    void shouldFailWhenAServiceOpensAJsonRpcConnectionOfItsOwn() {
        var rule = ArchitectureRules.oneJsonRpcClient(List.of(FIXTURE + ".rpc"));

        assertThatThrownBy(() -> rule.check(fixtures))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("OwnRpcClient")
                .as("reading web3j's answer types is no connection of its own")
                .hasMessageNotContaining("SharedRpcReader");
    }

    @Test
    void shouldFindEveryAggregateInTheSameShapeWhenCheckingBillingStreams() {
        assertThat(ArchitectureRules.aggregateShapeViolations(production, STREAMS, AGGREGATE_ADAPTER))
                .isEmpty();
    }

    @Test
    void shouldFindOnlyAdaptersCallingTheRulesWhenCheckingBillingStreams() {
        ArchitectureRules.onlyAnAdapterCallsTheRules(STREAMS).check(production);
    }

    @Test
    void shouldFindNoBillingStreamsClassNamedAsAWireRecordWhenCheckingTheProductionClasses() {
        var wireNames = production.stream()
                .filter(type -> type.getPackageName().equals("io.abk.billing.schemas.avro") && type.isTopLevelClass())
                .map(type -> type.getSimpleName())
                .filter(name -> !name.equals("package-info"))
                .collect(Collectors.toSet());
        assertThat(wireNames).as("the generated Avro classes are imported").contains("PaymentCommand");

        ArchitectureRules.noClassIsNamedAsAWireRecord(STREAMS, wireNames).check(production);
    }

    @Test
    void shouldFailWhenAnAggregateLacksAFileOfTheShapeOrADeciderLivesOutsideOne() {
        var root = FIXTURE + ".aggregate";

        var violations = ArchitectureRules.aggregateShapeViolations(fixtures, root, root + ".Adapter");

        var domain = root + ".refund.domain.Refund";
        var folder = root + ".refund.Refund";
        assertThat(violations)
                .containsExactlyInAnyOrder(
                        root + ".StrayDecider is not in " + root + ".<aggregate>.domain",
                        domain + "Decider: its aggregate lacks ["
                                + String.join(
                                        ", ",
                                        domain + "Instruction",
                                        domain + "State",
                                        domain + "Decision",
                                        domain + "Rejection",
                                        domain + "Evolver",
                                        folder + "Nodes",
                                        folder + "InstructionMapper",
                                        folder + "SnapshotMapper")
                                + "]",
                        folder + "Adapter does not implement " + root + ".Adapter");
    }

    @Test
    void shouldFailWhenAClassOtherThanTheAdapterCallsTheRules() {
        var rule = ArchitectureRules.onlyAnAdapterCallsTheRules(FIXTURE + ".aggregate");

        assertThatThrownBy(() -> rule.check(fixtures))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("RefundRouter")
                .hasMessageNotContaining("RefundAdapter");
    }

    @Test
    void shouldFailWhenAClassIsNamedAsAWireRecord() {
        var rule = ArchitectureRules.noClassIsNamedAsAWireRecord(FIXTURE + ".aggregate", Set.of("RefundEvent"));

        assertThatThrownBy(() -> rule.check(fixtures))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("RefundEvent")
                .hasMessageNotContaining("RefundDecider");
    }

    private static List<String> concat(List<String> first, List<String> second) {
        return java.util.stream.Stream.concat(first.stream(), second.stream()).toList();
    }

    @Test
    void shouldFindNoDependencyBetweenServiceModulesWhenReadingTheModulePoms() throws Exception {
        var poms = new ModulePoms(buildRoot());

        assertThat(poms.modules())
                .contains(
                        "api-gateway",
                        "billing-streams",
                        "chain-indexer",
                        "renewal-scheduler",
                        "streams-kit",
                        "ops-kit",
                        "topics",
                        "kafka-test-kit",
                        "webhook-verify",
                        "endpoint-guard",
                        "postgres-schema",
                        "webhook-sender",
                        "usdt-verifier",
                        "chain-rpc");
        assertThat(poms.violations()).isEmpty();
    }

    @Test
    void shouldFailWhenOneServiceUsesAnotherServicesClass() {
        var rule = ArchitectureRules.servicesAreIsolated(List.of(FIXTURE + ".alpha", FIXTURE + ".beta"));

        assertThatThrownBy(() -> rule.check(fixtures))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("AlphaHandler")
                .hasMessageContaining("BetaStore")
                .as("using a library is no service dependency")
                .hasMessageNotContaining("KitFormat");
    }

    @Test
    void shouldFailWhenALibraryUsesAServicesClass() {
        var rule = ArchitectureRules.librariesUseNoService(
                List.of(FIXTURE + ".kit"), List.of(FIXTURE + ".alpha", FIXTURE + ".beta"));

        assertThatThrownBy(() -> rule.check(fixtures))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("LeakyKit")
                .hasMessageContaining("BetaStore")
                .hasMessageNotContaining("KitFormat");
    }

    @Test
    void shouldFailWhenADomainClassDependsOnAFramework() {
        var rule = ArchitectureRules.domainIsFrameworkFree(ArchitectureRules.DOMAIN_PACKAGES);

        assertThatThrownBy(() -> rule.check(fixtures))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("KafkaAwareDecider")
                .hasMessageContaining("org.apache.kafka.common.header.Headers")
                .hasMessageNotContaining("PureDecider");
    }

    @Test
    void shouldFailWhenADomainClassReadsTheClock() {
        var rule = ArchitectureRules.domainReadsNoClock(ArchitectureRules.DOMAIN_PACKAGES);

        assertThatThrownBy(() -> rule.check(fixtures))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("ClockReadingDecider")
                .hasMessageContaining("Instant.now()")
                .hasMessageContaining("System.currentTimeMillis()")
                .hasMessageNotContaining("PureDecider");
    }

    @Test
    void shouldFailWhenAServiceModulePomDependsOnAnotherServiceModule(@TempDir Path root) throws Exception {
        Files.writeString(root.resolve("pom.xml"), """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modules><module>schemas</module><module>alpha</module><module>beta</module><module>local-stack</module></modules>
                </project>""");
        writeModule(root, "schemas", "");
        writeModule(root, "alpha", """
                <dependency><groupId>io.abk.billing</groupId><artifactId>schemas</artifactId></dependency>
                <dependency><groupId>io.abk.billing</groupId><artifactId>streams-kit</artifactId></dependency>
                <dependency><groupId>io.abk.billing</groupId><artifactId>kafka-test-kit</artifactId><scope>test</scope></dependency>
                <dependency><groupId>${project.groupId}</groupId><artifactId>beta</artifactId></dependency>""");
        writeModule(root, "beta", """
                <dependency><groupId>io.abk.billing</groupId><artifactId>schemas</artifactId></dependency>
                <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka-clients</artifactId></dependency>""");
        // The launcher may depend on every service: it is not a service.
        writeModule(root, "local-stack", """
                <dependency><groupId>io.abk.billing</groupId><artifactId>alpha</artifactId></dependency>""");

        assertThat(new ModulePoms(root).violations()).containsExactly("alpha -> beta");
    }

    @Test
    void shouldFailWhenALibraryPomDependsOnAServiceOrAServiceShipsTheTestKit(@TempDir Path root) throws Exception {
        Files.writeString(root.resolve("pom.xml"), """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modules><module>schemas</module><module>streams-kit</module><module>kafka-test-kit</module><module>alpha</module></modules>
                </project>""");
        writeModule(root, "schemas", "");
        // A library may build on another library, but not on a service: every service would then carry it.
        writeModule(root, "streams-kit", """
                <dependency><groupId>io.abk.billing</groupId><artifactId>schemas</artifactId></dependency>
                <dependency><groupId>io.abk.billing</groupId><artifactId>alpha</artifactId></dependency>""");
        writeModule(root, "kafka-test-kit", """
                <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka-server</artifactId></dependency>""");
        // The test broker in compile scope would ship the Kafka server inside the service.
        writeModule(root, "alpha", """
                <dependency><groupId>io.abk.billing</groupId><artifactId>streams-kit</artifactId></dependency>
                <dependency><groupId>io.abk.billing</groupId><artifactId>kafka-test-kit</artifactId></dependency>""");

        assertThat(new ModulePoms(root).violations())
                .containsExactly("streams-kit -> alpha", "alpha -> kafka-test-kit (scope compile, test only)");
    }

    private static void writeModule(Path root, String module, String dependencies) throws Exception {
        Files.createDirectories(root.resolve(module));
        Files.writeString(root.resolve(module).resolve("pom.xml"), """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <dependencyManagement><dependencies>
                    <dependency><groupId>io.abk.billing</groupId><artifactId>pinned-only</artifactId></dependency>
                  </dependencies></dependencyManagement>
                  <dependencies>%s</dependencies>
                </project>""".formatted(dependencies));
    }

    /** The build's root: the parent of system-tests, where surefire runs the tests. */
    private static Path buildRoot() {
        var moduleDir = Path.of(System.getProperty("basedir", "")).toAbsolutePath();
        var root = moduleDir.getParent();
        assertThat(root.resolve("system-tests").resolve("pom.xml"))
                .as("build root found from " + moduleDir)
                .exists();
        return root;
    }
}
