package io.abk.billing.chain.domain.follow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RetractionsTest {

    private static final TreeMap<Long, List<String>> PUBLISHED = new TreeMap<>();

    static {
        PUBLISHED.put(10L, List.of("10.0", "10.1"));
        PUBLISHED.put(12L, List.of("12.0"));
        PUBLISHED.put(15L, List.of("15.0", "15.3", "15.4"));
    }

    @ParameterizedTest(name = "fork point {0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "15|",
                "20|",
                "14|15.4,15.3,15.0",
                "12|15.4,15.3,15.0",
                "11|15.4,15.3,15.0,12.0",
                "9|15.4,15.3,15.0,12.0,10.1,10.0"
            })
    void shouldRetractEveryRecordAboveTheForkPointNewestFirst(long forkPoint, String expected) {
        var plan = Retractions.plan(PUBLISHED, forkPoint);

        assertThat(plan).containsExactlyElementsOf(expected == null ? List.of() : List.of(expected.split(",")));
    }
}
