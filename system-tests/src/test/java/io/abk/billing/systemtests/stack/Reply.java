package io.abk.billing.systemtests.stack;

import java.net.http.HttpHeaders;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** One HTTP answer: status, headers and body, with the body parsed on demand. */
record Reply(String request, int status, HttpHeaders headers, String body) {

    JsonNode json() {
        try {
            return Json.parse(body);
        } catch (RuntimeException e) {
            throw new AssertionError(request + " answered " + status + " with a body that is not JSON: " + body, e);
        }
    }

    /** The {@code code} of an error body. */
    String code() {
        return json().path("code").asString();
    }

    Optional<String> header(String name) {
        return headers.firstValue(name);
    }

    /** This reply, when its status is {@code expected}; else a failure that shows the whole answer. */
    Reply expect(int expected) {
        if (status != expected) {
            throw new AssertionError(request + " expected " + expected + " but got " + status + " " + body);
        }
        return this;
    }

    @Override
    public String toString() {
        return request + " -> " + status + " " + body;
    }
}
