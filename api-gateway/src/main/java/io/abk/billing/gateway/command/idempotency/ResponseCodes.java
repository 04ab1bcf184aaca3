package io.abk.billing.gateway.command.idempotency;

import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/** Reads the {@code code} of an error body {@code {error, code, ...}}. */
final class ResponseCodes {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private ResponseCodes() {}

    static Optional<String> codeOf(byte[] body) {
        try {
            var code = MAPPER.readTree(body).get("code");
            return code != null && code.isString() ? Optional.of(code.stringValue()) : Optional.empty();
        } catch (JacksonException e) {
            return Optional.empty();
        }
    }
}
