package io.abk.billing.systemtests.stack;

import java.time.Instant;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** The merchant's test clock through {@code /v1/test_clock}. */
final class Clocks {

    static final String PATH = "/v1/test_clock";

    private Clocks() {}

    /** Freezes the key's test clock at {@code at} (forward only); returns the clock. */
    static JsonNode freeze(Api api, String key, Instant at) {
        return api.post(PATH)
                .key(key)
                .json(Map.of("frozenAt", at.toString()))
                .send()
                .expect(200)
                .json();
    }

    /** Moves the frozen clock forward by {@code seconds}; returns the clock. */
    static JsonNode advance(Api api, String key, long seconds) {
        return api.post(PATH)
                .key(key)
                .json(Map.of("advanceBySeconds", seconds))
                .send()
                .expect(200)
                .json();
    }
}
