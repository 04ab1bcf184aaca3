package io.abk.billing.systemtests.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.lang.annotation.Annotation;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.context.annotation.Configuration;

/**
 * The rules of names (docs/architecture.md, "Names of classes"): one class per simple name, and a suffix that says
 * the kind of a class only on classes of that kind. Functions of the packages they apply to, like
 * {@link ArchitectureRules}, so each runs against the real code and against fixtures that break it.
 */
final class NameRules {

    /** The generated Avro classes: their names are the wire's records, and the Java side is named around them. */
    static final String WIRE_RECORDS = "io.abk.billing.schemas.avro..";

    /**
     * The Java client library (billing-client): a merchant's vocabulary, named as the API's objects are
     * ({@code Invoice}, {@code Price}, {@code CreatedSubscription}), and on no service's class path, so its names
     * meet the platform's only in system-tests, which holds both.
     */
    static final String CLIENT_LIBRARY = "io.abk.billing.client..";

    /** The module of {@link #CLIENT_LIBRARY}, for the rules that read source files. */
    static final String CLIENT_LIBRARY_MODULE = "billing-client";

    /**
     * Simple names that two main classes may share, each with why. Empty: every clash found so far was either one
     * concept (and now lives once) or two concepts (and now have two names).
     */
    static final Map<String, String> SHARED_NAMES = Map.of();

    /**
     * Classes whose suffix names another kind than theirs, each with why: {@code StreamsProperties} builds the
     * {@code java.util.Properties} of a Kafka Streams app, the word Kafka's own API uses for them.
     */
    static final Set<String> OTHER_KIND_OF_PROPERTIES = Set.of("io.abk.billing.streamskit.config.StreamsProperties");

    private NameRules() {}

    /**
     * No two top-level classes under {@code root} (outside {@code excluded}) share a simple name, but those of
     * {@code shared}: a reader, a stack trace or an import never has to guess which one is meant.
     */
    static ArchRule simpleNamesAreUnique(String root, List<String> excluded, Map<String, String> shared) {
        return classes()
                .that()
                .resideInAPackage(root + "..")
                .and()
                .resideOutsideOfPackages(excluded.toArray(String[]::new))
                .and()
                .areTopLevelClasses()
                .and(notAPackageInfo())
                .should(haveANameNoOtherClassHas(shared))
                .because("one concept has one name and one name one concept: a shared concept lives once (in a"
                        + " library) and a local one gets a name that says its place");
    }

    /**
     * A suffix of a kind is kept for that kind: no class ends in {@code Config} (typed configuration outside Spring
     * ends in {@code Settings}), a class ending in {@code Configuration} is Spring wiring, one ending in
     * {@code Properties} is bound by Spring, but those of {@code otherProperties}.
     */
    static ArchRule suffixesNameTheirKind(List<String> roots, Set<String> otherProperties) {
        var under = roots.stream().map(root -> root + "..").toArray(String[]::new);
        return CompositeArchRule.of(noClasses()
                        .that()
                        .resideInAnyPackage(under)
                        .and()
                        .areTopLevelClasses()
                        .should()
                        .haveSimpleNameEndingWith("Config")
                        .allowEmptyShould(true))
                .and(keptFor(under, "Configuration", Configuration.class, Set.of()))
                .and(keptFor(under, "Properties", ConfigurationProperties.class, otherProperties))
                .because("a reader who meets a suffix knows the kind of class behind it");
    }

    /** Top-level classes under {@code under} whose name ends in {@code suffix} carry {@code kind}, but {@code others}. */
    private static ArchRule keptFor(
            String[] under, String suffix, Class<? extends Annotation> kind, Set<String> others) {
        return classes()
                .that()
                .resideInAnyPackage(under)
                .and()
                .areTopLevelClasses()
                .and()
                .haveSimpleNameEndingWith(suffix)
                .and(notAnyOf(others))
                .should()
                .beAnnotatedWith(kind)
                .allowEmptyShould(true);
    }

    private static DescribedPredicate<JavaClass> notAPackageInfo() {
        return DescribedPredicate.describe(
                "are not package-info", type -> !type.getSimpleName().equals("package-info"));
    }

    private static DescribedPredicate<JavaClass> notAnyOf(Set<String> names) {
        return DescribedPredicate.describe(
                "are not another kind of properties", type -> !names.contains(type.getName()));
    }

    private static ArchCondition<JavaClass> haveANameNoOtherClassHas(Map<String, String> shared) {
        return new ArchCondition<>("have a simple name no other class has") {

            private final Map<String, Set<String>> namesakes = new TreeMap<>();

            @Override
            public void init(Collection<JavaClass> all) {
                all.forEach(type -> namesakes
                        .computeIfAbsent(type.getSimpleName(), name -> new TreeSet<>())
                        .add(type.getName()));
            }

            @Override
            public void check(JavaClass type, ConditionEvents events) {
                var others = new TreeSet<>(namesakes.getOrDefault(type.getSimpleName(), Set.of()));
                others.remove(type.getName());
                var unique = others.isEmpty() || shared.containsKey(type.getSimpleName());
                events.add(new SimpleConditionEvent(
                        type, unique, type.getName() + " shares its simple name with " + String.join(", ", others)));
            }
        };
    }
}
