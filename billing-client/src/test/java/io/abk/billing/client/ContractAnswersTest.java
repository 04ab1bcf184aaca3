package io.abk.billing.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every successful answer openapi.json describes, filled in completely, reads into the method's record with every
 * field set: a component named or typed unlike the contract's property would be left null or fail to read.
 */
class ContractAnswersTest {

    static Stream<Arguments> operations() throws Exception {
        JsonNode document;
        try (var in = ContractAnswersTest.class.getResourceAsStream("/openapi.json")) {
            document = new ObjectMapper().readTree(in);
        }
        var instances = new SchemaInstances(document);
        var answers = new HashMap<String, JsonNode>();
        document.path("paths")
                .properties()
                .forEach(path -> path.getValue()
                        .properties()
                        .forEach(operation -> operation
                                .getValue()
                                .path("responses")
                                .properties()
                                .forEach(r -> {
                                    var schema = r.getValue()
                                            .path("content")
                                            .path("application/json")
                                            .path("schema");
                                    if (r.getKey().startsWith("2") && !schema.isMissingNode()) {
                                        answers.put(
                                                operation
                                                        .getValue()
                                                        .path("operationId")
                                                        .asText(),
                                                instances.instance(schema));
                                    }
                                })));
        return OperationMethods.all().stream()
                .map(found -> Arguments.of(
                        found.operationId() + " " + found.method().getName(),
                        found.accessor(),
                        found.method(),
                        answers.get(found.operationId())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("operations")
    void shouldReadEveryFieldWhenTheAnswerIsTheContractsInFull(
            String name, String accessor, Method method, JsonNode answer) throws Exception {
        assertThat(answer).as("the 2xx answer of " + name).isNotNull();
        try (var api = new FakeApi().then(FakeApi.json(200, answer.toString()))) {
            var service = Billing.class.getMethod(accessor).invoke(api.client(0));
            var arguments = Arrays.stream(method.getParameterTypes())
                    .map(OperationRoutesTest.SAMPLES::get)
                    .toArray();

            var result = method.invoke(service, arguments);

            var read = result instanceof Page<?> page ? page.data() : result;
            assertThat(unset(read, name)).isEmpty();
            if (result instanceof Page<?> page) {
                assertThat(page.data()).hasSize(1);
                assertThat(page.hasMore()).isTrue();
            }
        }
    }

    /** The paths of the record components left null, through nested records and lists. */
    private static List<String> unset(Object value, String path) throws Exception {
        var found = new ArrayList<String>();
        if (value instanceof Collection<?> items) {
            for (var item : items) {
                found.addAll(unset(item, path + "[]"));
            }
        } else if (value instanceof Map<?, ?> map) {
            assertThat(map).as(path).isNotEmpty();
        } else if (value instanceof Record record) {
            for (RecordComponent component : record.getClass().getRecordComponents()) {
                var field = component.getAccessor().invoke(record);
                var at = path + "." + component.getName();
                if (field == null) {
                    found.add(at);
                } else {
                    found.addAll(unset(field, at));
                }
            }
        }
        return found;
    }
}
