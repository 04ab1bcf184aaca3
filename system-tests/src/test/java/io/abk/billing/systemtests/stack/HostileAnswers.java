package io.abk.billing.systemtests.stack;

import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * What the hostile-input fuzz (HostileInputFuzzIT) requires of each answer: in time, no 5xx, no 2xx where the request
 * must be refused, a refusal status the gateway means to send, nothing of the gateway's insides, and
 * {@code {error, code}} in JSON where the client can take JSON.
 */
final class HostileAnswers {

    /** Words that only a stack trace, an exception's class name or a database error would put in an answer. */
    private static final List<String> INSIDES = List.of(
            "Exception",
            "\tat ",
            "org.springframework",
            "io.abk.billing",
            "reactor.",
            "java.lang",
            "SQLSTATE",
            "PSQL",
            "r2dbc",
            "jackson",
            "Caused by");
    /**
     * Statuses a refusal may have; anything else in 4xx is reported (it is not wrong, but nothing should produce it).
     * 410: a customer portal link that was used, has expired or never was (its page says so).
     */
    private static final Set<Integer> REFUSALS =
            Set.of(400, 401, 403, 404, 405, 406, 409, 410, 411, 413, 414, 415, 422, 429, 431);

    private HostileAnswers() {}

    /** What is wrong with this answer to this request, or null. */
    static @Nullable String problem(HostileRequest request, int status, String body, boolean timedOut) {
        if (timedOut) {
            return "no answer within " + FuzzRun.DEADLINE.toSeconds() + " s";
        }
        if (status < 0) {
            return request.framing() ? null : "the connection closed without an answer";
        }
        if (status >= 500) {
            return "a server error";
        }
        if (status == 303 && request.route().contains(" /dashboard")) {
            // The dashboard's way to refuse: a page without a live session sends the browser to sign in (or, at
            // the root, home), and this client has no session. Nothing was acted on.
            return null;
        }
        if (status == 401 && request.route().contains(" /portal") && body.startsWith("<!DOCTYPE html>")) {
            // The customer portal's way to refuse a request without a portal session, whatever its path: the page
            // saying the session has ended, with a way back. This client has no session; nothing was acted on.
            return null;
        }
        if (status < 400 && request.refused()) {
            return "accepted (" + status + ") though it must be refused";
        }
        if (status < 400) {
            return null;
        }
        if (!REFUSALS.contains(status)) {
            return "an unexpected refusal status " + status;
        }
        // A request id is random base-32 text, which may spell one of the words ("req_01m8pzhr2dbc..."): not looked in.
        var shown = body.replaceAll("req_[0-9a-z]{26}", "req_");
        for (var word : INSIDES) {
            if (shown.contains(word)) {
                return "the answer shows the gateway's insides ('" + word.strip() + "')";
            }
        }
        if (request.framing() || request.method().equals("HEAD") || refusesJson(request)) {
            // Broken framing may be refused by the HTTP codec itself, before there is an API to answer in JSON.
            return null;
        }
        if (request.htmlErrors() && body.startsWith("<!DOCTYPE html>")) {
            return null;
        }
        JsonNode json;
        try {
            json = Json.parse(body);
        } catch (RuntimeException e) {
            return "a " + status + " whose body is not JSON";
        }
        if (!json.path("error").isString()
                || json.path("error").asString().isBlank()
                || !json.path("code").isString()
                || json.path("code").asString().isBlank()) {
            return "a " + status + " without {error, code}";
        }
        return null;
    }

    /** Whether the request's {@code Accept} leaves JSON out, so an error without a body is all it can get. */
    private static boolean refusesJson(HostileRequest request) {
        return request.headers().stream()
                .anyMatch(header -> header.name().equalsIgnoreCase("Accept")
                        && !(header.text().contains("application/json")
                                && !header.text().contains("q=-"))
                        && !header.text().equals("*/*"));
    }
}
