package io.abk.billing.streams;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.time.Clock;
import java.time.Instant;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The domain stays pure: it imports no framework and reads no clock (STYLE: dependencies point one way). */
class ArchitectureTest {

    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                .importPackages("io.abk.billing.streams");
    }

    @Test
    void shouldKeepFrameworksOutWhenCodeIsInADomainPackage() {
        noClasses().that().resideInAPackage("..domain..")
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.kafka..", "org.apache.avro..",
                        "org.springframework..", "io.r2dbc..", "reactor..", "tools.jackson..", "org.web3j..",
                        "io.abk.billing.schemas.avro..", "io.abk.billing.schemas.serde..",
                        "io.abk.billing.schemas.topic..")
                .check(classes);
    }

    @Test
    void shouldNotReadTheClockWhenCodeIsInADomainPackage() {
        noClasses().that().resideInAPackage("..domain..")
                .should().callMethod(Instant.class, "now")
                .orShould().callMethod(System.class, "currentTimeMillis")
                .orShould().dependOnClassesThat().areAssignableTo(Clock.class)
                .check(classes);
    }
}
