package io.abk.billing.gateway.platform.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.abk.billing.gateway.platform.openapi.DescribedApi.Route;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonPointer;
import tools.jackson.databind.JsonNode;

/**
 * The document is well formed on its own: references resolve, every schema is a valid JSON Schema 2020-12 schema
 * (the dialect of OpenAPI 3.1), path variables are declared, operation ids are unique. Whether it describes the
 * gateway is {@code OpenApiRoutesIT}'s question and the local stack's conformance test's.
 */
class OpenApiDocumentTest {

    private static final DescribedApi API = DescribedApi.load();
    private static final Pattern VARIABLE = Pattern.compile("\\{([^}]+)}");

    @Test
    void shouldBeOpenApi31WhenRead() {
        assertThat(API.root().path("openapi").stringValue()).isEqualTo("3.1.0");
        assertThat(API.root().path("info").path("version").stringValue()).isEqualTo("2026-01-01");
    }

    @Test
    void shouldResolveEveryReferenceWhenFollowed() {
        var broken = new ArrayList<String>();
        for (var reference : API.references()) {
            if (API.resolve(reference[1]) == null) {
                broken.add(reference[0] + " -> " + reference[1]);
            }
        }
        assertThat(broken).as("references to nothing").isEmpty();
    }

    @Test
    void shouldHoldOnlyValidSchemasWhenEachIsCheckedAgainstTheDraft202012MetaSchema() {
        // The meta-schema ships inside the validator, so this runs offline.
        Schema metaSchema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(SchemaLocation.of(SpecificationVersion.DRAFT_2020_12.getDialectId()));
        var invalid = new ArrayList<String>();
        var pointers = API.schemaPointers();
        for (var pointer : pointers) {
            var schema = API.root().at(JsonPointer.compile(pointer));
            for (var error : metaSchema.validate(schema)) {
                invalid.add(pointer + error.getInstanceLocation() + ": " + error.getMessage());
            }
        }
        assertThat(pointers).hasSizeGreaterThan(100);
        assertThat(invalid).as("schemas that are not valid JSON Schema 2020-12").isEmpty();
    }

    @Test
    void shouldDeclareEveryPathVariableAsAPathParameterWhenReadPerOperation() {
        var problems = new ArrayList<String>();
        for (var path : API.root().path("paths").properties()) {
            var inTemplate = new TreeSet<String>();
            VARIABLE.matcher(path.getKey()).results().forEach(match -> inTemplate.add(match.group(1)));
            for (var entry : path.getValue().properties()) {
                if (!DescribedApi.METHODS.contains(entry.getKey())) {
                    continue;
                }
                var declared = new TreeSet<String>();
                for (var level : new JsonNode[] {path.getValue(), entry.getValue()}) {
                    for (var parameter : level.path("parameters")) {
                        var resolved = API.deref(parameter);
                        if (resolved != null
                                && "path".equals(resolved.path("in").stringValue())) {
                            declared.add(resolved.path("name").stringValue());
                            if (!resolved.path("required").asBoolean(false)) {
                                problems.add(entry.getKey() + " " + path.getKey() + ": path parameter "
                                        + resolved.path("name") + " not required");
                            }
                        }
                    }
                }
                if (!declared.equals(inTemplate)) {
                    problems.add(entry.getKey() + " " + path.getKey() + ": template has " + inTemplate + ", parameters "
                            + declared);
                }
            }
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void shouldGiveEveryOperationAUniqueIdAndASuccessResponseWhenListed() {
        var ids = new HashSet<String>();
        var problems = new ArrayList<String>();
        API.forEachOperation((Route route, JsonNode operation) -> {
            var id = operation.path("operationId").stringValue(null);
            if (id == null || !ids.add(id)) {
                problems.add(route + ": operationId " + id + " missing or repeated");
            }
            var successes = operation.path("responses").propertyNames().stream()
                    .filter(status -> status.startsWith("2") || status.startsWith("3"))
                    .count();
            if (successes == 0) {
                problems.add(route + ": no 2xx or 3xx response");
            }
        });
        assertThat(problems).isEmpty();
        assertThat(ids).hasSizeGreaterThan(50);
    }
    /**
     * Every code the gateway's own checks declare is one the description names: a code missing from the enum is
     * otherwise found only by the local stack's conformance run, and only if a test happens to provoke it.
     */
    @Test
    void shouldNameEveryDeclaredErrorCodeWhenTheEnumIsRead() throws ReflectiveOperationException {
        var described = new HashSet<String>();
        API.root().at("/components/schemas/ErrorCode/enum").forEach(code -> described.add(code.stringValue()));
        var declared = new TreeSet<String>();
        for (var owner : new String[] {
            "io.abk.billing.gateway.platform.web.ErrorCodes", "io.abk.billing.gateway.checkout.SignatureChecks"
        }) {
            for (Field field : Class.forName(owner).getDeclaredFields()) {
                int modifiers = field.getModifiers();
                if (Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers) && field.getType() == String.class) {
                    field.setAccessible(true);
                    declared.add((String) field.get(null));
                }
            }
        }
        assertThat(declared).hasSizeGreaterThan(30);
        assertThat(declared)
                .as("codes the gateway answers that openapi.json's ErrorCode lacks")
                .allMatch(described::contains);
    }
}
